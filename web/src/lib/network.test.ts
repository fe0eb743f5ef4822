import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, request, retryRead } from '../api/client';
import { userMessage } from '../api/userMessage';
import { networkState, noteRequest, OFFLINE_UNSAVED, OFFLINE_WRITE } from './network';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  noteRequest(true);
});

const failNetwork = () => vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

describe('a request the network fails', () => {
  it('a write tried offline says it needs a connection', async () => {
    failNetwork();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const err = await request(() => api.POST('/api/lists', { body: { name: 'x', description: '', tags: [], isPublic: true, contestants: [] } }), 'Failed to save your list.').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('offline');
    expect(userMessage(err, 'Failed to save your list.')).toBe(OFFLINE_WRITE);
  });

  it("a write the network fails while the browser is online keeps the action's own text", async () => {
    failNetwork();
    const err = await request(() => api.DELETE('/api/me/draft'), 'Failed to clear your draft.').catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('network');
    expect(userMessage(err, 'Failed to clear your draft.')).toBe('Failed to clear your draft.');
  });

  it('a read offline, which the service worker kept no copy of, says it was not saved for offline', async () => {
    failNetwork();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const err = await request(() => api.GET('/api/lists/{userId}/{listId}', { params: { path: { userId: 'u', listId: 'l' } } }), 'Failed to load.').catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('unsaved');
    expect(userMessage(err, 'Failed to load.')).toBe(OFFLINE_UNSAVED);
  });

  it('a read the network fails while online keeps its own text, and marks the site unreachable until a request gets through', async () => {
    failNetwork();
    const err = await request(() => api.GET('/api/home'), 'Failed to load.').catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('network');
    expect(userMessage(err, 'Failed to load.')).toBe('Failed to load.');
    expect(networkState()).toBe('unreachable');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    await request(() => api.GET('/api/home'), 'Failed to load.');
    expect(networkState()).toBe('online');
  });
});

describe('retryRead', () => {
  it('tries again up to its count, but never a read offline the app never kept, nor a final answer', () => {
    const retry = retryRead(2, (err) => err instanceof ApiError && err.status === 404);
    const network = new ApiError(0, 'network', 'Failed.');
    expect([retry(0, network), retry(1, network), retry(2, network)]).toEqual([true, true, false]);
    expect(retry(0, new ApiError(0, 'unsaved', OFFLINE_UNSAVED))).toBe(false);
    expect(retry(0, new ApiError(404, 'list_not_found', 'Gone.'))).toBe(false);
  });
});
