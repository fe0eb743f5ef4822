import { useCallback, useEffect, useState } from 'react';

/**
 * A value shown for `ms` milliseconds: `show(v)` sets it and (re)starts the clock, `hide()`
 * drops it at once. Notices, confirm states and popups that go away by themselves use it.
 */
export function useShowFor<T>(ms: number, initial: T | null = null): [T | null, (value: T) => void, () => void] {
  const [state, setState] = useState<{ value: T | null; serial: number }>({ value: initial, serial: 0 });
  useEffect(() => {
    if (state.value === null) return;
    const t = window.setTimeout(() => setState((s) => ({ value: null, serial: s.serial })), ms);
    return () => window.clearTimeout(t);
  }, [state, ms]);
  const show = useCallback((value: T) => setState((s) => ({ value, serial: s.serial + 1 })), []);
  const hide = useCallback(() => setState((s) => ({ value: null, serial: s.serial })), []);
  return [state.value, show, hide];
}
