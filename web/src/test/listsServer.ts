import { vi } from 'vitest';
import { catalogFixture } from './utils';
import type { Me } from '../lib/session';
import type { Draft, ListSummary, RankedList, Tier } from '../features/lists/api';
import { MESSAGES } from '../api/contract';

export interface Call {
  method: string;
  path: string;
  /** The query string, '?a=b' or ''. */
  search: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | ((call: Call) => { status: number; body?: unknown });

function json(body: unknown, status: number): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A fake castaway server for the lists screens: me, catalog, draft, lists. `routes` maps
 * 'METHOD /path' to a reply and overrides the defaults. Returns the recorded calls.
 */
export function mockListsServer({ me = null, routes = {} }: { me?: Me | null; routes?: Record<string, Reply> } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.text();
    const call: Call = { method: req.method, path: url.pathname, search: url.search, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const route = routes[`${req.method} ${url.pathname}`];
    if (route) {
      const r = typeof route === 'function' ? route(call) : route;
      return json(r.body, r.status);
    }
    if (url.pathname === '/api/me') return me ? json(me, 200) : json({ error: { code: 'unauthorized', message: MESSAGES.signedOut } }, 401);
    if (url.pathname === '/api/catalog/seasons') return json(catalogFixture, 200);
    if (url.pathname === '/api/me/draft') return json(null, req.method === 'PUT' ? 200 : 204);
    if (url.pathname.endsWith('/comments')) return json([], 200);
    return json({ error: { code: 'not_found', message: MESSAGES.notFound } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function rankedList(overrides: Partial<RankedList> = {}): RankedList {
  return {
    id: 'list_1',
    userId: 'u1',
    userName: 'Sandra',
    name: 'Queens of the Game',
    description: 'Two-time winners and the women who should have won.',
    tags: ['strategic', 'survivor-ranking'],
    format: 'ranked',
    contestants: [
      { id: 'sandra-diaz-twine', name: 'Sandra Diaz-Twine', imageUrl: '/media/s20/sandra', isSeason: false, seasonId: 's20', seasonName: 'Survivor: Heroes vs. Villains' },
      { id: 'parvati-shallow', name: 'Parvati Shallow', imageUrl: '/media/s13/parvati', isSeason: false, seasonId: 's13', seasonName: 'Survivor: Cook Islands' },
    ],
    isPublic: true,
    createdAt: '2025-06-01T10:00:00Z',
    updatedAt: '2025-06-02T10:00:00Z',
    upvoteCount: 3,
    upvotedByMe: false,
    favoritedByMe: false,
    remixCount: 0,
    ...overrides,
  };
}

/** A tier list as the server sends it: its entries only in its tiers, its contestants empty. */
export function tierList(tiers: Tier[], overrides: Partial<RankedList> = {}): RankedList {
  return rankedList({ format: 'tiers', tiers, contestants: [], ...overrides });
}

export function summary(overrides: Partial<ListSummary> = {}): ListSummary {
  const l = rankedList();
  return {
    id: l.id,
    userId: l.userId,
    userName: l.userName,
    name: l.name,
    description: l.description,
    tags: l.tags,
    format: 'ranked',
    isPublic: true,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    upvoteCount: 3,
    contestantCount: 2,
    topItems: l.contestants,
    ...overrides,
  };
}

export function draft(overrides: Partial<Draft> = {}): Draft {
  return { name: '', description: '', tags: [], format: 'ranked', contestants: [], isPublic: true, updatedAt: '2025-06-01T10:00:00Z', ...overrides };
}
