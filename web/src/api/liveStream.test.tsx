import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fakeEventSource';
import { REOPEN_FIRST_MS, REOPEN_MOST_MS, useLiveStream } from './liveStream';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const latest = () => FakeEventSource.instances.at(-1)!;

describe('useLiveStream', () => {
  it('hands on each event and leaves dropped connections to the browser', () => {
    const seen: string[] = [];
    renderHook(() => useLiveStream('/api/things/stream', 'thing', (d) => seen.push(d)));
    latest().open();
    latest().emit('thing', { n: 1 });
    expect(seen).toEqual(['{"n":1}']);
    latest().fail(false);
    act(() => vi.advanceTimersByTime(REOPEN_MOST_MS));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reopens a stream the browser gave up on, waiting longer each time, up to a minute', () => {
    const seen: string[] = [];
    const { unmount } = renderHook(() => useLiveStream('/api/things/stream', 'thing', (d) => seen.push(d)));
    let wait = REOPEN_FIRST_MS;
    for (let i = 1; i <= 7; i++) {
      latest().fail(true); // say the server answered 503
      expect(latest().closed).toBe(true);
      act(() => vi.advanceTimersByTime(wait - 1));
      expect(FakeEventSource.instances).toHaveLength(i);
      act(() => vi.advanceTimersByTime(1));
      expect(FakeEventSource.instances).toHaveLength(i + 1);
      wait = Math.min(wait * 2, REOPEN_MOST_MS);
    }
    expect(wait).toBe(REOPEN_MOST_MS);
    // Once a connection is made the wait starts again from the first.
    latest().open();
    latest().emit('thing', { back: true });
    expect(seen).toEqual(['{"back":true}']);
    latest().fail(true);
    act(() => vi.advanceTimersByTime(REOPEN_FIRST_MS));
    expect(FakeEventSource.instances).toHaveLength(9);
    // Unmounting ends the stream and any reopening planned.
    latest().fail(true);
    unmount();
    act(() => vi.advanceTimersByTime(REOPEN_MOST_MS));
    expect(FakeEventSource.instances).toHaveLength(9);
  });
});
