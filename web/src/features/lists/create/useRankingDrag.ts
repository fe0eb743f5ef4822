import { useState } from 'react';
import {
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import type { PanelItem } from '../../../lib/panelItem';
import {
  LIST_DROP_ID,
  collision,
  dragAccessibility,
  dragData,
  itemDndId,
  useDragSensors,
  type DragData,
  type DropHint,
} from '../../../lib/dnd';
import { MESSAGES } from '../../../api/contract';

const SCREEN_READER_INSTRUCTIONS =
  MESSAGES.rankingDragInstructions;

interface Options {
  items: readonly PanelItem[];
  /** A panel item dropped at `index`. */
  onAdd: (item: PanelItem, index: number) => void;
  /** A ranked item moved from one place to another. */
  onMove: (from: number, to: number) => void;
  /** A drag from the panel began (a phone's sheet closes then). */
  onPanelDragStart: () => void;
}

/**
 * Drag and drop for the ranking: pointer, touch after a 150 ms hold, and keyboard. Returns the
 * DndContext props, the item being dragged and where a panel item would land.
 */
export function useRankingDrag({ items, onAdd, onMove, onPanelDragStart }: Options) {
  const [activeDrag, setActiveDrag] = useState<DragData | null>(null);
  const [dropHint, setDropHint] = useState<DropHint | null>(null);
  const sensors = useDragSensors(sortableKeyboardCoordinates);

  const indexOf = (id: UniqueIdentifier) => items.findIndex((i) => itemDndId(i) === id);

  function dropTarget(e: DragMoveEvent | DragOverEvent | DragEndEvent): { index: number; hint: DropHint | null } | null {
    const { over, active } = e;
    if (!over) return null;
    if (over.id === LIST_DROP_ID) return { index: items.length, hint: null };
    const idx = indexOf(over.id);
    if (idx < 0) return null;
    const rect = active.rect.current.translated;
    const below = rect ? rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2 : false;
    return { index: below ? idx + 1 : idx, hint: { id: over.id, where: below ? 'after' : 'before' } };
  }

  function onDragStart(e: DragStartEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(data);
    if (data?.fromPanel) onPanelDragStart();
  }

  // The item under the pointer is found a render after the pointer moved, so the hint
  // follows both: a pointer that stops on an item still shows where it would land.
  function showHint(e: DragMoveEvent | DragOverEvent) {
    if (!activeDrag?.fromPanel) return;
    const hint = dropTarget(e)?.hint ?? null;
    setDropHint((h) => (h?.id === hint?.id && h?.where === hint?.where ? h : hint));
  }

  function onDragEnd(e: DragEndEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(null);
    setDropHint(null);
    if (!data || !e.over) return;
    if (data.fromPanel) {
      const target = dropTarget(e);
      if (target) onAdd(data.item, target.index);
      return;
    }
    const from = indexOf(e.active.id);
    const to = indexOf(e.over.id);
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  }

  function onDragCancel() {
    setActiveDrag(null);
    setDropHint(null);
  }

  function position(id: UniqueIdentifier): string {
    if (id === LIST_DROP_ID) return `position ${items.length + 1}`;
    const i = indexOf(id);
    return i < 0 ? '' : `position ${i + 1} of ${items.length}`;
  }
  const accessibility = dragAccessibility(
    {
      name: (item) => (item.isSeason ? stripSurvivorPrefix(item.name) : item.name),
      from: (active) => `at ${position(active)}`,
      over: (_active, over) => position(over),
      dropped: (_active, over) => `at ${position(over)}`,
      notOver: 'the ranking',
      outside: 'the ranking',
    },
    SCREEN_READER_INSTRUCTIONS,
  );

  return {
    activeDrag,
    dropHint,
    contextProps: {
      sensors,
      collisionDetection: collision,
      onDragStart,
      onDragMove: showHint,
      onDragOver: showHint,
      onDragEnd,
      onDragCancel,
      accessibility,
    },
  };
}
