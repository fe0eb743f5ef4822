import { useCallback, useEffect, useState } from 'react';

export const COLLAPSED_STORAGE_KEY = 'seasonsSectionCollapsed';
export const MIN_PANEL_HEIGHT = 100;
export const MAX_PANEL_HEIGHT_RATIO = 0.95;

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Collapsed/expanded, remembered in localStorage as 'true' / 'false'. */
export function useCollapsed(): [boolean, (next: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    setCollapsedState(next);
    try {
      window.localStorage.setItem(COLLAPSED_STORAGE_KEY, next ? 'true' : 'false');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [collapsed, setCollapsed];
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
