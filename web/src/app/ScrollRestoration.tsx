import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORE = 'castaway:scroll';
/** How many history entries' positions a tab keeps across reloads. */
const KEPT = 200;

function readStored(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

/** The positions kept, read from the tab's storage when first needed (Back, Forward, a reload, leaving), not as the app starts. */
function kept(positions: { current: Map<string, number> | null }): Map<string, number> {
  return (positions.current ??= readStored());
}

/** Whether this document was reloaded or reached by Back/Forward (not opened afresh). */
function returning(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * Every page the fan goes to opens at its top; Back and Forward (and a reload) return to
 * where the fan was on that history entry. A navigation that changes only the address's
 * query or state (browse's filters and pages, the sign-in page's notices) stays where it is.
 * react-router's own ScrollRestoration does this only under a data router, whose code would
 * add a fifth to the first paint's script.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  // The entry on screen: scroll events are its position until the next one is shown.
  const shown = useRef<{ key: string; pathname: string } | null>(null);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (shown.current) kept(positions).set(shown.current.key, window.scrollY);
    };
    const store = () => sessionStorage.setItem(STORE, JSON.stringify([...kept(positions)].slice(-KEPT)));
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { key: location.key, pathname: location.pathname };
    if (before?.key === location.key) return;
    if (type === 'POP') {
      // A link to an anchor (#main) is the browser's to scroll; a page opened afresh starts at its top.
      if (location.hash !== '' || (before === null && !returning())) return;
      window.scrollTo(0, kept(positions).get(location.key) ?? 0);
    } else if (before?.pathname !== location.pathname) {
      window.scrollTo(0, 0);
    }
  }, [location, type]);

  return null;
}
