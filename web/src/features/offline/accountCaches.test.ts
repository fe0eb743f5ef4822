import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CHANGED, CACHES } from './cacheNames';
import { forgetOtherAccounts } from './accountCaches';

const deleted: string[] = [];
const postMessage = vi.fn();

beforeEach(() => {
  deleted.length = 0;
  postMessage.mockClear();
  vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ active: { postMessage } }) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('forgetOtherAccounts', () => {
  it("drops the reads cache and tells the worker when another account, or none, is signed in", async () => {
    await forgetOtherAccounts('u1');
    expect(deleted).toEqual([CACHES.reads]);
    expect(postMessage).toHaveBeenCalledWith({ type: ACCOUNT_CHANGED });

    // The same account again (a reload, a refetch of /api/me): its copies stay.
    await forgetOtherAccounts('u1');
    expect(deleted).toEqual([CACHES.reads]);

    // Signed out, then someone else: each change empties the cache.
    await forgetOtherAccounts('');
    await forgetOtherAccounts('u2');
    expect(deleted).toEqual([CACHES.reads, CACHES.reads, CACHES.reads]);
    expect(postMessage).toHaveBeenCalledTimes(3);
  });

  it('never drops the shared caches (catalog, pictures)', async () => {
    await forgetOtherAccounts('u1');
    await forgetOtherAccounts('u2');
    expect(deleted).not.toContain(CACHES.catalog);
    expect(deleted).not.toContain(CACHES.media);
  });
});
