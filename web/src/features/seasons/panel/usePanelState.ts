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

/** The phone panel's height in px, kept inside [100px, 95% of the window] as the window changes. */
export function usePanelHeight(): [number, (next: number) => void] {
  const [height, setHeightState] = useState(() => clampPanelHeight(Math.round(window.innerHeight * 0.45), window.innerHeight));
  const setHeight = useCallback((next: number) => setHeightState(clampPanelHeight(next, window.innerHeight)), []);
  useEffect(() => {
    const onResize = () => setHeightState((h) => clampPanelHeight(h, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return [height, setHeight];
}
