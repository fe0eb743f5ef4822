import { useSyncExternalStore } from 'react';

/** Live result of a CSS media query; false where matchMedia does not exist (tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export const MOBILE_QUERY = '(max-width: 768px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
