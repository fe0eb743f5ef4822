import { useCallback, useEffect, useState } from 'react';

export const COLLAPSED_STORAGE_KEY = 'seasonsSectionCollapsed';
/** The phone's show/hide choice, 'true' or 'false'; absent means hidden, so a page's own content comes first. */
export const PHONE_SHOWN_STORAGE_KEY = 'seasonsSectionShownOnPhone';
export const MIN_PANEL_HEIGHT = 100;
export const MAX_PANEL_HEIGHT_RATIO = 0.95;

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** A yes/no choice remembered in localStorage as 'true' / 'false' (false until chosen). */
function useStoredFlag(key: string): [boolean, (next: boolean) => void] {
  const [flag, setFlagState] = useState(() => readFlag(key));
  const setFlag = useCallback(
    (next: boolean) => {
      setFlagState(next);
      try {
        window.localStorage.setItem(key, next ? 'true' : 'false');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [flag, setFlag];
}

/** Desktop: collapsed/expanded. */
export function useCollapsed(): [boolean, (next: boolean) => void] {
  return useStoredFlag(COLLAPSED_STORAGE_KEY);
}

/** Phone, outside the creator's and a ballot's sheet: shown or hidden, hidden until the fan shows it. */
export function usePhoneShown(): [boolean, (next: boolean) => void] {
  return useStoredFlag(PHONE_SHOWN_STORAGE_KEY);
}

export function clampPanelHeight(height: number, windowHeight: number): number {
  const max = Math.max(MIN_PANEL_HEIGHT, Math.floor(windowHeight * MAX_PANEL_HEIGHT_RATIO));
  return Math.round(Math.min(max, Math.max(MIN_PANEL_HEIGHT, height)));
}

/**
 * The phone panel's height in px, kept inside [100px, 95% of the window] as the window changes,
 * and that upper bound. The window's height is read once and then on resize only: reading
 * window.innerHeight makes the browser lay the page out first, so a read during each render
 * cost a whole layout every time the panel rendered.
 */
export function usePanelHeight(): { height: number; setHeight: (next: number) => void; max: number } {
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  const [height, setHeightState] = useState(() => clampPanelHeight(Math.round(windowHeight * 0.45), windowHeight));
  const setHeight = useCallback((next: number) => setHeightState(clampPanelHeight(next, windowHeight)), [windowHeight]);
  useEffect(() => {
    const onResize = () => {
      const wh = window.innerHeight;
      setWindowHeight(wh);
      setHeightState((h) => clampPanelHeight(h, wh));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return { height, setHeight, max: clampPanelHeight(Infinity, windowHeight) };
}
