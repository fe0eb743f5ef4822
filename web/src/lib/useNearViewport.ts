import { useEffect, useState } from 'react';

/**
 * Whether the element given to the returned ref has come within margin pixels of the
 * viewport: true from then on. A part far down a page (a list's Discussion) waits for it
 * before reading and drawing, so a phone's first screen costs only what it shows. The ref
 * is a callback, so an element drawn later (a section that appears) is watched too. Where
 * the browser cannot tell (no IntersectionObserver) the part is near at once.
 */
export function useNearViewport(margin = 400): [boolean, (el: Element | null) => void] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [el, setEl] = useState<Element | null>(null);
  useEffect(() => {
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin}px 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, margin, near]);
  return [near, setEl];
}
