import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/client';

/*
 * A session ended from another device (Account's "sign out" of a session or of all others,
 * a password change there) while this browser still shows its fan. The server's first 401
 * puts the app in its signed-out state (features/auth applySessionGone), the app says why
 * once (features/auth/SessionEnded), and what the fan was typing stays in this tab for when
 * they sign in again. Kept in sessionStorage: a reload still says why, and it dies with the tab.
 */

/** Whose session ended, while the notice is due or their words are kept. */
const ENDED_KEY = 'castaway.sessionEnded';

interface Ended {
  userId: string;
  /** Not yet dismissed, nor signed in again. */
  notice: boolean;
}

/** The server's answer to a request that needs a session it does not know (any more). */
export function isSessionGone(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && err.code === 'unauthorized';
}

const listeners = new Set<() => void>();

function read(): Ended | null {
  try {
    const v = JSON.parse(window.sessionStorage.getItem(ENDED_KEY) ?? 'null') as Partial<Ended> | null;
    return v && typeof v.userId === 'string' ? { userId: v.userId, notice: v.notice === true } : null;
  } catch {
    return null;
  }
}

function write(ended: Ended | null): void {
  try {
    if (ended) window.sessionStorage.setItem(ENDED_KEY, JSON.stringify(ended));
    else window.sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // No storage: the notice is not shown, and nothing typed was kept to guard.
  }
  for (const l of listeners) l();
}

/** The session of userId was ended elsewhere: the notice shows until dismissed. */
export function noteSessionGone(userId: string): void {
  write({ userId, notice: true });
}

/** The fan read the notice. */
export function dismissSessionGone(): void {
  const ended = read();
  if (ended?.notice) write({ ...ended, notice: false });
}

/**
 * A fan signed in (again), or signed out here: the notice is done with. Answers whose session
 * had ended, or null when none had: what this tab kept is theirs alone.
 */
export function takeSessionGone(): string | null {
  const ended = read();
  if (ended) write(null);
  return ended?.userId ?? null;
}

/** A session ended elsewhere and its fan has not signed in again (nor anyone signed out here). */
export function awaitingSignIn(): boolean {
  return read() !== null;
}

function noticeDue(): boolean {
  return read()?.notice === true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the notice that a session ended elsewhere is due (re-renders when that changes). */
export function useSessionGone(): boolean {
  return useSyncExternalStore(subscribe, noticeDue, () => false);
}

/** Whether err is the 401 the notice of an ending already explains: a page need not say it again. */
export function useSaidBySessionGone(err: unknown): boolean {
  return useSessionGone() && isSessionGone(err);
}
