import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { REOPEN_FIRST_MS } from '../../api/liveStream';
import { FakeEventSource } from '../../test/fakeEventSource';
import { json, mockApi } from '../../test/mockApi';
import { gameQueryKey } from './gameQueryKey';
import { useSeasonGameStream } from './useSeasonGameStream';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const latest = () => FakeEventSource.instances.at(-1)!;

function setup(seasonId: string) {
  const api = mockApi({ 'GET /api/seasons/s51/game': json({ id: 's51' }), 'GET /api/seasons/s52/game': json({ id: 's52' }) });
  const client = createQueryClient({ queries: { retry: false } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(({ id }) => useSeasonGameStream(id), { wrapper, initialProps: { id: seasonId } });
  /** The reads of the game past the browser's cache so far. */
  const rereads = () => api.calls.filter((c) => c.url.pathname.endsWith('/game')).length;
  return { api, invalidate, hook, rereads };
}

describe('useSeasonGameStream', () => {
  it("reads the game again on each change after the first event, past the browser's cache", async () => {
    const { api, invalidate, hook } = setup('s51');
    expect(new URL(latest().url).pathname).toBe('/api/seasons/s51/game/stream');
    latest().open();
    latest().emit('game', { generation: 4 });
    expect(invalidate).not.toHaveBeenCalled();

    latest().emit('game', { generation: 5 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: gameQueryKey('s51') }));
    const read = api.fetchMock.mock.calls[0]?.[0];
    expect(read).toMatchObject({ url: `${window.location.origin}/api/seasons/s51/game`, cache: 'no-cache' });

    hook.unmount();
    expect(latest().closed).toBe(true);
  });

  it('after a reconnect, reads the game again only when it changed meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { invalidate, rereads } = setup('s51');
    latest().open();
    latest().emit('game', { generation: 4 });
    latest().fail(true); // the server answered 503: the stream is reopened after a wait
    act(() => vi.advanceTimersByTime(REOPEN_FIRST_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().open();
    latest().emit('game', { generation: 4 });
    expect(invalidate).not.toHaveBeenCalled();
    expect(rereads()).toBe(0);

    latest().fail(true);
    act(() => vi.advanceTimersByTime(REOPEN_FIRST_MS));
    latest().open();
    latest().emit('game', { generation: 6 }); // a boot was recorded while the stream was away
    vi.useRealTimers();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(rereads()).toBe(1);
  });

  it("opens the other season's stream when the season changes, taking its first event as where it stands", () => {
    const { invalidate, hook } = setup('s51');
    latest().emit('game', { generation: 4 });
    const first = latest();
    hook.rerender({ id: 's52' });
    expect(first.closed).toBe(true);
    expect(new URL(latest().url).pathname).toBe('/api/seasons/s52/game/stream');
    latest().emit('game', { generation: 9 });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
