import { act, renderHook } from '@testing-library/react';
import type { DragMoveEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import { describe, expect, it, vi } from 'vitest';
import type { PanelItem } from '../../../lib/panelItem';
import { PANEL_PREFIX, itemDndId } from '../../../lib/dnd';
import { useRankingDrag } from './useRankingDrag';

const person = (name: string): PanelItem => ({ id: name.toLowerCase(), name, imageUrl: '', isSeason: false, seasonId: 's1', seasonName: 'Borneo' });
const [richard, rudy, kelly] = [person('Richard Hatch'), person('Rudy Boesch'), person('Kelly Wiglesworth')];

const rect = (top: number) => ({ top, bottom: top + 100, left: 0, right: 400, width: 400, height: 100 });

/** A drag of Kelly from the panel whose middle is at `y`, over `over` (a ranked item's top at 0 or 100). */
function event(y: number, over: PanelItem | null) {
  return {
    active: { id: `${PANEL_PREFIX}kelly`, data: { current: { item: kelly, fromPanel: true } }, rect: { current: { initial: null, translated: rect(y - 50) } } },
    over: over && { id: itemDndId(over), rect: rect(over === richard ? 0 : 100), disabled: false, data: { current: {} } },
    activatorEvent: new MouseEvent('mousedown'),
    collisions: null,
    delta: { x: 0, y: 0 },
  } as unknown as DragMoveEvent & DragOverEvent & DragStartEvent;
}

describe('useRankingDrag', () => {
  it('shows where a panel item would land when the item under a still pointer changes', () => {
    const { result } = renderHook(() => useRankingDrag({ items: [richard, rudy], onAdd: vi.fn(), onMove: vi.fn(), onPanelDragStart: vi.fn() }));
    act(() => result.current.contextProps.onDragStart(event(500, null)));
    // The pointer's last move found no item yet; a render later Richard is found under it.
    act(() => result.current.contextProps.onDragMove(event(20, null)));
    expect(result.current.dropHint).toBeNull();
    act(() => result.current.contextProps.onDragOver(event(20, richard)));
    expect(result.current.dropHint).toEqual({ id: itemDndId(richard), where: 'before' });
    act(() => result.current.contextProps.onDragOver(event(80, richard)));
    expect(result.current.dropHint).toEqual({ id: itemDndId(richard), where: 'after' });
  });

  it('adds a dropped panel item on the side it was shown', () => {
    const onAdd = vi.fn();
    const { result } = renderHook(() => useRankingDrag({ items: [richard, rudy], onAdd, onMove: vi.fn(), onPanelDragStart: vi.fn() }));
    act(() => result.current.contextProps.onDragStart(event(500, null)));
    act(() => result.current.contextProps.onDragEnd(event(120, rudy)));
    expect(onAdd).toHaveBeenCalledWith(kelly, 1);
    expect(result.current.dropHint).toBeNull();
  });
});
