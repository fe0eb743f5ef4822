import { useCallback, useState } from 'react';

/*
 * Words a fan is typing, kept in this tab (sessionStorage) as they type: a reload, or a
 * session ended elsewhere and a sign-in round trip, does not lose them. Signing out here
 * forgets them all (forgetTabTexts).
 */

const PREFIX = 'castaway.text.';

/** The text kept under key in this tab ('' for none). */
export function readTabText(key: string): string {
  try {
    return window.sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps text under key in this tab ('' forgets it). */
export function keepTabText(key: string, text: string): void {
  try {
    if (text === '') window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, text);
  } catch {
    // No storage (private mode, full): the text lives as long as its form.
  }
}

/** The text kept under key in this tab, and its setter ('' forgets it). */
export function useTabText(key: string): [string, (text: string) => void] {
  const [kept, setKept] = useState(() => ({ key, text: readTabText(key) }));
  // A new key (another thread in the same form) reads its own text.
  const text = kept.key === key ? kept.text : readTabText(key);
  if (kept.key !== key) setKept({ key, text });
  const set = useCallback(
    (next: string) => {
      setKept({ key, text: next });
      keepTabText(key, next);
    },
    [key],
  );
  return [text, set];
}

/** Forgets every text kept in this tab (the fan signed out). */
export function forgetTabTexts(): void {
  try {
    const store = window.sessionStorage;
    for (const k of Object.keys(store)) if (k.startsWith(PREFIX)) store.removeItem(k);
  } catch {
    // Nothing kept.
  }
}
