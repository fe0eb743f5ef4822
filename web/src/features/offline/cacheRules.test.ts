import { describe, expect, it } from 'vitest';
import { AccountGate, isApiRead, isCatalog, isMedia, mayKeep } from './cacheRules';

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

  it('never keeps a personal answer (no-store), an error or a partial answer', () => {
    const answer = (status: number, cacheControl?: string) =>
      new Response(status === 204 ? null : '{}', { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });
    expect(mayKeep(answer(200, 'private, no-cache'))).toBe(true);
    expect(mayKeep(answer(200, 'public, max-age=86400'))).toBe(true);
    expect(mayKeep(answer(200))).toBe(true);
    expect(mayKeep(answer(200, 'no-store'))).toBe(false);
    expect(mayKeep(answer(200, 'private, No-Store'))).toBe(false);
    expect(mayKeep(answer(404, 'private, no-cache'))).toBe(false);
    expect(mayKeep(answer(206))).toBe(false);
    expect(mayKeep(answer(204))).toBe(false);
  });
});

describe('AccountGate', () => {
  const event = {} as ExtendableEvent;
  const request = get('/api/lists/u1/list_1');
  const response = () => new Response('{}', { status: 200, headers: { 'Cache-Control': 'private, no-cache' } });

  it('keeps an answer whose request began under the account still signed in', async () => {
    const plugin = new AccountGate().plugin();
    const state = {};
    await plugin.requestWillFetch?.({ request, event, state });
    expect(await plugin.cacheWillUpdate?.({ request, response: response(), event, state })).toBeInstanceOf(Response);
  });

  it('drops an answer that was in flight when the account changed', async () => {
    const gate = new AccountGate();
    const plugin = gate.plugin();
    const state = {};
    await plugin.requestWillFetch?.({ request, event, state });
    gate.change();
    expect(await plugin.cacheWillUpdate?.({ request, response: response(), event, state })).toBeNull();
    // The next request, under the new account, is kept again.
    const next = {};
    await plugin.requestWillFetch?.({ request, event, state: next });
    expect(await plugin.cacheWillUpdate?.({ request, response: response(), event, state: next })).toBeInstanceOf(Response);
  });

  it('drops a personal answer whatever the account', async () => {
    const plugin = new AccountGate().plugin();
    const state = {};
    await plugin.requestWillFetch?.({ request, event, state });
    const personal = new Response('{}', { status: 200, headers: { 'Cache-Control': 'no-store' } });
    expect(await plugin.cacheWillUpdate?.({ request, response: personal, event, state })).toBeNull();
  });
});
