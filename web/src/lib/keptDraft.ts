/*
 * A new list's draft kept on this device while it cannot reach the server (offline), until
 * it can be saved as the server draft. Unlike the tab's copy (sessionStorage) it outlives
 * the tab, and it is keyed by account: only its own author's creator ever reads it.
 */

const PREFIX = 'castaway.keptDraft.';

/** Keeps `draft` (the creator's state, serialised by the creator) for `userId`. */
export function keepDraft(userId: string, draft: string): void {
  try {
    window.localStorage.setItem(PREFIX + userId, draft);
  } catch {
    // No storage (private mode, full): the tab's copy still has the work while it is open.
  }
}

/** The draft kept for `userId`, or null. */
export function readKeptDraft(userId: string): string | null {
  if (userId === '') return null;
  try {
    return window.localStorage.getItem(PREFIX + userId);
  } catch {
    return null;
  }
}

/** The kept draft was saved to the server, or the creator was cleared or saved as a list. */
export function dropKeptDraft(userId: string): void {
  try {
    window.localStorage.removeItem(PREFIX + userId);
  } catch {
    // Nothing to drop.
  }
}
