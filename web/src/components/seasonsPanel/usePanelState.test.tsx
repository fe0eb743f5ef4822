import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResizeHandle } from './ResizeHandle';
import { usePanelHeight } from './usePanelState';

describe('usePanelHeight', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the window height once, not on every render, and follows resizes', () => {
    let windowHeight = 800;
    const read = vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => windowHeight);
    const { result, rerender } = renderHook(() => usePanelHeight());
    expect(result.current.height).toBe(360); // 45% of the window
    expect(result.current.max).toBe(760); // 95% of it
    const reads = read.mock.calls.length;
    for (let i = 0; i < 5; i++) rerender();
    act(() => result.current.setHeight(10_000));
    expect(result.current.height).toBe(760);
    expect(read.mock.calls.length).toBe(reads);

    windowHeight = 400;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current.max).toBe(380);
    expect(result.current.height).toBe(380);
  });

  it('renders its handle without reading the window height (each read forces a layout)', () => {
    const read = vi.spyOn(window, 'innerHeight', 'get');
    const { rerender } = render(<ResizeHandle height={300} max={700} onResize={() => {}} controls="body" />);
    rerender(<ResizeHandle height={320} max={700} onResize={() => {}} controls="body" />);
    expect(screen.getByRole('separator')).toHaveAttribute('aria-valuemax', '700');
    expect(read).not.toHaveBeenCalled();
  });
});
