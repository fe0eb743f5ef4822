import { vi } from 'vitest';
import { catalogFixture } from './utils';
import type { Me } from '../lib/session';
import { MESSAGES } from '../api/contract';

/**
 * One canned answer: a JSON body with a status, a network failure, an answer still on its
 * way (until the request is aborted), or a function of the request.
 */
export type Reply = { status: number; body?: unknown } | 'network' | 'pending' | ((req: { body: unknown; url: URL }) => Reply);

export function apiError(status: number, code: string, message: string): Reply {
  return { status, body: { error: { code, message } } };
}

export interface AuthServer {
  fetchMock: ReturnType<typeof vi.fn>;
  /** The JSON bodies sent to a path, in order. */
  sent: (method: string, path: string) => unknown[];
  /** How many requests reached a path. */
  count: (method: string, path: string) => number;
  /** Changes the answer for a route (e.g. 'POST /api/auth/login'). */
  set: (route: string, reply: Reply) => void;
  /** Who GET /api/me says is signed in from now on. */
  setMe: (me: Me | null) => void;
}

const meBody = (me: Me) => ({ ...me, createdAt: '2024-01-01T00:00:00Z', providers: ['password'] });

/**
 * A fake of the castaway server's auth endpoints (only fetch is mocked). Sign-in, sign-up
 * and reset confirmation succeed by default as `signedInAs`, and sign the fake in.
 */
export function mockAuthServer(options: { me?: Me | null; signedInAs?: Me; routes?: Record<string, Reply> } = {}): AuthServer {
  let me: Me | null = options.me ?? null;
  const signedInAs: Me = options.signedInAs ?? { id: 'u7', displayName: 'ann', email: 'ann@example.com', idolsFound: 0, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };
  const log: { method: string; path: string; body: unknown }[] = [];
  // Like the real server's Set-Cookie, a sign-in sets the app's signed-in hint.
  const signInAs = () => {
    me = signedInAs;
    document.cookie = 'castaway_signed_in=1; Path=/';
  };
  const signIn: Reply = () => {
    signInAs();
    return { status: 200, body: meBody(signedInAs) };
  };
  const routes: Record<string, Reply> = {
    'GET /api/me': () => (me ? { status: 200, body: meBody(me) } : apiError(401, 'unauthorized', MESSAGES.signedOut)),
    'GET /api/catalog/seasons': { status: 200, body: catalogFixture },
    'GET /api/me/blocks': { status: 200, body: [] },
    'GET /api/me/sessions': {
      status: 200,
      body: { sessions: [{ id: 's1', browser: 'Firefox', os: 'Windows', device: 'computer', network: '203.0.113.0/24', createdAt: '2024-01-01T00:00:00Z', lastSeenAt: '2024-01-01T00:00:00Z', current: true }], more: false },
    },
    'GET /api/auth/providers': { status: 200, body: { google: true, twitter: true } },
    'GET /api/auth/password-policy': {
      status: 200,
      body: { minLength: 8, requirements: ['At least 8 characters', 'Not a commonly used password'] },
    },
    'POST /api/auth/login': signIn,
    'POST /api/auth/signup': () => {
      signInAs();
      return { status: 201, body: meBody(signedInAs) };
    },
    'POST /api/auth/password-reset/confirm': signIn,
    'POST /api/auth/password-reset': { status: 200, body: { message: MESSAGES.resetSent } },
    'POST /api/auth/logout': () => {
      me = null;
      return { status: 204 };
    },
    'PATCH /api/me': ({ body }) => {
      if (!me) return apiError(401, 'unauthorized', MESSAGES.usernameSignedOut);
      const name = (body as { displayName: string }).displayName;
      me = { ...me, displayName: name };
      return { status: 200, body: meBody(me) };
    },
    ...options.routes,
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    log.push({ method: request.method, path: url.pathname, body });
    let route: Reply | undefined = routes[`${request.method} ${url.pathname}`];
    while (typeof route === 'function') route = route({ body, url });
    const reply = route ?? { status: 404, body: { error: { code: 'not_found', message: MESSAGES.notFound } } };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply === 'pending') {
      return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    }
    if (reply.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    sent: (method, path) => log.filter((l) => l.method === method && l.path === path).map((l) => l.body),
    count: (method, path) => log.filter((l) => l.method === method && l.path === path).length,
    set: (route, reply) => {
      routes[route] = reply;
    },
    setMe: (next) => {
      me = next;
    },
  };
}
