import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShowFor } from './useShowFor';

afterEach(() => {
  vi.useRealTimers();
});

describe('useShowFor', () => {
  it('shows a value for the given time; showing again restarts the clock; hide drops it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useShowFor<string>(1000));
    act(() => result.current[1]('Saved'));
    expect(result.current[0]).toBe('Saved');
    act(() => vi.advanceTimersByTime(800));
    act(() => result.current[1]('Saved again'));
    act(() => vi.advanceTimersByTime(800));
    expect(result.current[0]).toBe('Saved again');
    act(() => vi.advanceTimersByTime(200));
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]('Once more'));
    act(() => result.current[2]());
    expect(result.current[0]).toBeNull();
  });
});
