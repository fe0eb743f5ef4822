import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element in ref has come within margin pixels of the viewport, and from
 * then on. A part far down a page (a list's Discussion) waits for it before reading and
 * drawing, so a phone's first screen costs only what it shows. Where the browser cannot
 * tell (no IntersectionObserver) the part is near at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 400): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin}px 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
