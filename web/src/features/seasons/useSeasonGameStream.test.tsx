import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { REOPEN_FIRST_MS } from '../../api/liveStream';
import { FakeEventSource } from '../../test/fakeEventSource';
import { gameQueryKey } from './gameQueryKey';
import { queryKeys } from '../../api/queryKeys';
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
  const client = createQueryClient({ queries: { retry: false } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(({ id }) => useSeasonGameStream(id), { wrapper, initialProps: { id: seasonId } });
  return { invalidate, hook };
}

describe('useSeasonGameStream', () => {
  it('reads the game again on each change after the first event', async () => {
    const { invalidate, hook } = setup('s51');
    expect(new URL(latest().url).pathname).toBe('/api/seasons/s51/game/stream');
    latest().open();
    latest().emit('game', { generation: 4 });
    expect(invalidate).not.toHaveBeenCalled();

    latest().emit('game', { generation: 5 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: gameQueryKey('s51') }));
    // The catalog too: the change may be a season added on air.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.catalog });
    expect(invalidate).toHaveBeenCalledTimes(2);

    hook.unmount();
    expect(latest().closed).toBe(true);
  });

  it('after a reconnect, reads the game again only when it changed meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { invalidate } = setup('s51');
    latest().open();
    latest().emit('game', { generation: 4 });
    latest().fail(true); // the server answered 503: the stream is reopened after a wait
    act(() => vi.advanceTimersByTime(REOPEN_FIRST_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().open();
    latest().emit('game', { generation: 4 });
    expect(invalidate).not.toHaveBeenCalled();

    latest().fail(true);
    act(() => vi.advanceTimersByTime(REOPEN_FIRST_MS));
    latest().open();
    latest().emit('game', { generation: 6 }); // a boot was recorded while the stream was away
    vi.useRealTimers();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: gameQueryKey('s51') }));
    expect(invalidate).toHaveBeenCalledTimes(2);
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
