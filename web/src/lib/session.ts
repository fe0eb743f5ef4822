import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, request } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import type { components } from '../api/schema.gen';
import { noteSessionGone } from './sessionGone';
import { MESSAGES } from '../api/contract';

/** The signed-in user, as GET /api/me answers it. */
export interface Me {
  id: string;
  displayName: string;
  email: string;
  idolsFound: number;
  /** May moderate (/moderation). */
  isAdmin: boolean;
  /** Signs in with a password (deleting the account asks for it). */
  hasPassword: boolean;
  /** A mailed link or a sign-in provider proved the address. */
  emailVerified: boolean;
  /** The address the account asked to change to, until its mailed link is opened ('' for none). */
  pendingEmail: string;
  /** The server's sentence to show until dismissed ('' for none). */
  notice: string;
  /** Hears when a fan they follow publishes a list. */
  notifyFollowedLists: boolean;
  /** How many active fans they follow (home shows 'From Fans You Follow' past 0). */
  followingCount: number;
}

/** The app's Me from the API's. */
export function meFromApi(u: components['schemas']['Me']): Me {
  return {
    id: u.id,
    displayName: u.displayName,
    email: u.email ?? '',
    idolsFound: u.idolsFound ?? 0,
    isAdmin: u.isAdmin === true,
    hasPassword: (u.providers ?? []).includes('password'),
    emailVerified: u.emailVerified === true,
    pendingEmail: u.pendingEmail ?? '',
    notice: u.notice ?? '',
    notifyFollowedLists: u.notifyFollowedLists !== false,
    followingCount: u.followingCount ?? 0,
  };
}

/** The sessionStorage key where the list creator keeps its unsaved state (signing out clears it). */
export const CREATOR_SESSION_KEY = 'castaway.creator';

/** The cookie the server sets beside the HttpOnly session cookie at sign-in (no authority of its own). */
const SIGNED_IN_COOKIE = 'castaway_signed_in';

/** This browser signed in and has not signed out since (a sign-out here clears the cookie). */
export function mayBeSignedIn(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((c) => c.trim() === `${SIGNED_IN_COOKIE}=1`);
}

/** The session has ended: later visits need not ask who is signed in. */
export function forgetSignedIn(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/`;
}

/**
 * Where the fan last seen signed in here is kept, so a page opened with no network at all (an
 * installed app, offline) still knows its fan: their lists, their creator. Only a network
 * failure reads it back; a 401 or a sign-out clears it. Offline nobody can tell whether the
 * session still stands (it may have been ended from another device), so only the id is kept,
 * which is public (it is in their lists' addresses): not the name, address or account state.
 */
const REMEMBERED_ME_KEY = 'castaway.me';

function remember(me: Me | null): void {
  try {
    if (me) window.localStorage.setItem(REMEMBERED_ME_KEY, JSON.stringify({ id: me.id }));
    else window.localStorage.removeItem(REMEMBERED_ME_KEY);
  } catch {
    // No storage (private mode, full): offline pages show a visitor, nothing worse.
  }
}

/** Answers read back from storage rather than the server: stale at once, so the server is asked when it can be. */
const recalled = new WeakSet<Me>();

function rememberedId(): string | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(REMEMBERED_ME_KEY) ?? 'null') as { id?: unknown } | null;
    return kept && typeof kept.id === 'string' && kept.id !== '' ? kept.id : null;
  } catch {
    return null;
  }
}

function recall(): Me | null {
  const id = rememberedId();
  if (id === null) return null;
  const me: Me = {
    id,
    displayName: '',
    email: '',
    idolsFound: 0,
    isAdmin: false,
    hasPassword: false,
    emailVerified: false,
    pendingEmail: '',
    notice: '',
    notifyFollowedLists: true,
    followingCount: 0,
  };
  recalled.add(me);
  return me;
}

/**
 * Asks the server who is signed in. 200 gives the user and 401 means signed out. Any other
 * failure (503 while the database is away, a network error) says nothing about the session,
 * so it is thrown rather than taken for a sign-out. A browser that never signed in is not
 * asked about, so a visitor's page load makes no failing request.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  if (!mayBeSignedIn()) return null;
  try {
    const data = await request(() => api.GET('/api/me', { signal, headers: { Accept: 'application/json' } }), MESSAGES.notSignedIn);
    if (typeof data?.id !== 'string') return null;
    return meFromApi(data);
  } catch (err) {
    // No network at all: the fan last seen here is who reads offline (the app asks again
    // when the connection is back). A server that answered, even with 503, is asked again.
    const kept = !signal?.aborted && err instanceof ApiError && (err.code === 'network' || err.code === 'unsaved') ? recall() : null;
    if (kept) return kept;
    if (signal?.aborted || !(err instanceof ApiError && err.status === 401)) throw err;
    // The session was ended elsewhere (this browser's own sign-out clears the cookie, and
    // the cookie expires with the session): say so to the fan last seen here, and stop
    // asking on every visit.
    const endedFor = rememberedId();
    if (endedFor !== null) noteSessionGone(endedFor);
    forgetSignedIn();
    return null;
  }
}

export interface Session {
  user: Me | null;
  isLoading: boolean;
  isSignedIn: boolean;
  /** The server could not say who is signed in (it is unavailable): neither in nor out. */
  unknown: boolean;
  /** Offline: the fan last seen here, by id alone; nobody has said they are still signed in. */
  recalled: boolean;
  /** Asks again. */
  retry: () => void;
}

/** What a page that needs the session says while the server cannot tell who is signed in. */
export const SESSION_UNKNOWN = MESSAGES.sessionUnknown;

/** The single source of truth for "who is signed in". */
export function useMe(): Session {
  const query = useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: (q) => (q.state.data && recalled.has(q.state.data) ? 0 : 5 * 60 * 1000),
    // Only failures that are not answers about the session get here; a user already known
    // stays signed in through them (the cache keeps the last answer).
    retry: 2,
  });
  // Every answer (a fetch, a sign-in, a sign-out's null) is what an offline page will know.
  useEffect(() => {
    if (query.data !== undefined) remember(query.data);
  }, [query.data]);
  const user = query.data ?? null;
  const unknown = query.isError && query.data === undefined;
  return {
    user,
    isLoading: query.isPending && !unknown,
    isSignedIn: user !== null,
    unknown,
    recalled: user !== null && recalled.has(user),
    retry: () => void query.refetch(),
  };
}
