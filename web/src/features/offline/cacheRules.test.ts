import { describe, expect, it } from 'vitest';
import { AccountGate, afterAnswer, isApiRead, isCatalog, isMedia, mayKeep, SHIELD_HEADER, type ReadsCache } from './cacheRules';

const at = (path: string) => new URL(path, 'https://rankings.example');
const get = (path: string, headers: Record<string, string> = {}) => new Request(at(path), { headers });

describe('what the service worker answers offline', () => {
  it('takes every API read, castaways to come included, but no stream, write or the contract', () => {
    for (const path of ['/api/lists/u1/list_1', '/api/users/u1/lists', '/api/lists?sort=top', '/api/home', '/api/seasons/consensus', '/api/contestants/richard-hatch']) {
      expect(isApiRead(at(path), get(path)), path).toBe(true);
    }
    for (const path of ['/api/notifications/stream', '/api/legacy-rankings/stream', '/api/docs', '/api/openapi.yaml', '/api/catalog/seasons', '/list/u1/list_1']) {
      expect(isApiRead(at(path), get(path)), path).toBe(false);
    }
    expect(isApiRead(at('/api/events'), get('/api/events', { Accept: 'text/event-stream' }))).toBe(false);
    expect(isApiRead(at('/api/lists'), new Request(at('/api/lists'), { method: 'POST', body: '{}' }))).toBe(false);
  });

  it('knows the catalog and the pictures', () => {
    expect(isCatalog(at('/api/catalog/seasons'))).toBe(true);
    expect(isMedia(at('/media/contestants/1/richard-hatch'))).toBe(true);
    expect(isMedia(at('/images/placeholder.jpg'))).toBe(true);
    expect(isMedia(at('/api/lists'))).toBe(false);
  });

  const answer = (status: number, cacheControl?: string) =>
    new Response(status === 204 ? null : '{}', { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });

  it('keeps only a whole answer the server marked public: never a reader\u2019s own, a personal one, an error or a partial answer', () => {
    expect(mayKeep(answer(200, 'public, no-cache'))).toBe(true);
    expect(mayKeep(answer(200, 'public, max-age=86400'))).toBe(true);
    expect(mayKeep(answer(200, 'Public, Max-Age=3600, must-revalidate'))).toBe(true);
    // A signed-in fan's read (their private list, their votes): nobody can tell offline whether they still are.
    expect(mayKeep(answer(200, 'private, no-cache'))).toBe(false);
    expect(mayKeep(answer(200))).toBe(false);
    expect(mayKeep(answer(200, 'no-store'))).toBe(false);
    expect(mayKeep(answer(200, 'public, No-Store'))).toBe(false);
    expect(mayKeep(answer(200, 'public, private'))).toBe(false);
    expect(mayKeep(answer(404, 'public, no-cache'))).toBe(false);
    expect(mayKeep(answer(206, 'public'))).toBe(false);
    expect(mayKeep(answer(204, 'public'))).toBe(false);
  });

  it('keeps the visitor\u2019s copy of a fan\u2019s own read, and drops a copy the network says is gone', () => {
    expect(afterAnswer(answer(200, 'public, no-cache'), false)).toBe('keep');
    expect(afterAnswer(answer(200, 'private, no-cache'), false)).toBe('visitorCopy');
    expect(afterAnswer(answer(200, 'private, no-cache'), true)).toBe('drop');
    expect(afterAnswer(answer(200, 'no-store'), false)).toBe('visitorCopy');
    for (const status of [401, 403, 404, 410]) expect(afterAnswer(answer(status, 'no-store'), true), String(status)).toBe('drop');
    for (const status of [429, 500, 503]) expect(afterAnswer(answer(status, 'no-store'), false), String(status)).toBe('leave');
  });

  it('keeps no answer the spoiler shield cut, nor everyone\u2019s copy of it, and drops one kept before', () => {
    const cut = (cacheControl: string) => new Response('{}', { status: 200, headers: { 'Cache-Control': cacheControl, [SHIELD_HEADER]: 'cut' } });
    expect(mayKeep(cut('public, no-cache'))).toBe(false);
    expect(afterAnswer(cut('public, no-cache'), true)).toBe('drop');
    expect(afterAnswer(cut('private, no-cache'), false)).toBe('drop');
  });
});

describe('AccountGate', () => {
  const request = get('/api/lists/u1/list_1');
  const response = (cacheControl = 'public, no-cache') => new Response('{}', { status: 200, headers: { 'Cache-Control': cacheControl } });

  /** A reads cache that records what the plugin asks of it, and an event that records what it waits on. */
  function fakes() {
    const kept: Request[] = [];
    const dropped: string[] = [];
    const waits: Promise<unknown>[] = [];
    const reads: ReadsCache = {
      keep: async (r) => kept.push(r),
      drop: async (r) => dropped.push(r.url),
    };
    const event = { waitUntil: (p: Promise<unknown>) => waits.push(p) } as unknown as ExtendableEvent;
    return { kept, dropped, waits, reads, event };
  }

  it('keeps a public answer whose request began under the account still signed in', async () => {
    const { reads, event } = fakes();
    const plugin = new AccountGate().plugin(reads);
    const state = {};
    await plugin.requestWillFetch?.({ request, event, state });
    expect(await plugin.cacheWillUpdate?.({ request, response: response(), event, state })).toBeInstanceOf(Response);
  });

  it('drops an answer that was in flight when the account changed', async () => {
    const { reads, event } = fakes();
    const gate = new AccountGate();
    const plugin = gate.plugin(reads);
    const state = {};
    await plugin.requestWillFetch?.({ request, event, state });
    gate.change();
    expect(await plugin.cacheWillUpdate?.({ request, response: response(), event, state })).toBeNull();
    // The next request, under the new account, is kept again.
    const next = {};
    await plugin.requestWillFetch?.({ request, event, state: next });
    expect(await plugin.cacheWillUpdate?.({ request, response: response(), event, state: next })).toBeInstanceOf(Response);
  });

  it('never keeps a signed-in fan\u2019s own answer or a personal one, and keeps the visitor\u2019s copy instead', async () => {
    const { kept, waits, reads, event } = fakes();
    const plugin = new AccountGate().plugin(reads);
    for (const cacheControl of ['private, no-cache', 'no-store']) {
      const state = {};
      await plugin.requestWillFetch?.({ request, event, state });
      const own = response(cacheControl);
      expect(await plugin.fetchDidSucceed?.({ request, response: own, event, state })).toBe(own);
      expect(await plugin.cacheWillUpdate?.({ request, response: own, event, state })).toBeNull();
    }
    await Promise.all(waits);
    expect(kept.map((r) => [r.url, r.credentials])).toEqual([
      [request.url, 'omit'],
      [request.url, 'omit'],
    ]);
  });

  it('drops the kept copy of a read the network says is gone, and of a visitor\u2019s copy that is not public', async () => {
    const { kept, dropped, waits, reads, event } = fakes();
    const plugin = new AccountGate().plugin(reads);
    const visitor = new Request(request.url, { credentials: 'omit' });
    for (const [req, res] of [
      [request, new Response('{}', { status: 404 })],
      [visitor, new Response('{}', { status: 404 })],
      [visitor, response('private, no-cache')],
    ] as const) {
      const state = {};
      await plugin.requestWillFetch?.({ request: req, event, state });
      await plugin.fetchDidSucceed?.({ request: req, response: res, event, state });
    }
    await Promise.all(waits);
    expect(dropped).toEqual([request.url, request.url, request.url]);
    expect(kept).toEqual([]);
  });
});
