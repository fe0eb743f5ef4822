import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Report = (entries: Array<{ isIntersecting: boolean }>) => void;

/**
 * Stands in for the browser's IntersectionObserver (jsdom has none): parts that wait for the
 * screen (useNearViewport) stay far until the test brings them near. Undone by
 * vi.unstubAllGlobals().
 */
export function stubIntersectionObserver() {
  const observers: Report[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(report: Report) {
        observers.push(report);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    observers,
    /** Tells every observer made so far that its element is (or is not) near. */
    report(near: boolean) {
      act(() => observers.forEach((r) => r([{ isIntersecting: near }])));
    },
  };
}
