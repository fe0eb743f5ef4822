import { useCallback, useEffect, useState } from 'react';
import { FRANCHISES, type Franchise } from '../../lib/seasonDisplay';

export const COLLAPSED_STORAGE_KEY = 'seasonsSectionCollapsed';
/** The phone's show/hide choice, 'true' or 'false'; absent means hidden, so a page's own content comes first. */
export const PHONE_SHOWN_STORAGE_KEY = 'seasonsSectionShownOnPhone';
/** The franchise whose seasons the grid shows, as its id ('US', 'AU', ...); absent means the US. */
export const FRANCHISE_STORAGE_KEY = 'seasonsSectionFranchise';
export const MIN_PANEL_HEIGHT = 100;
export const MAX_PANEL_HEIGHT_RATIO = 0.95;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A choice remembered in localStorage as text: `read` turns what is stored (null when nothing) into the choice. */
function useStoredChoice<T extends string | boolean>(key: string, read: (stored: string | null) => T): [T, (next: T) => void] {
  const [choice, setChoiceState] = useState(() => read(readStored(key)));
  const setChoice = useCallback(
    (next: T) => {
      setChoiceState(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Private mode: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [choice, setChoice];
}

const isTrue = (stored: string | null) => stored === 'true';

/** A yes/no choice remembered as 'true' / 'false' (false until chosen). */
function useStoredFlag(key: string): [boolean, (next: boolean) => void] {
  return useStoredChoice(key, isTrue);
}

const franchiseOf = (stored: string | null): Franchise => FRANCHISES.find((f) => f.id === stored)?.id ?? 'US';

/** The franchise whose seasons the grid shows: the US until the fan chooses another. */
export function useFranchise(): [Franchise, (next: Franchise) => void] {
  return useStoredChoice(FRANCHISE_STORAGE_KEY, franchiseOf);
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
