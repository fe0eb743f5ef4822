import { useRef, useState } from 'react';
import {
  KeyboardCode,
  type ClientRect,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import type { PanelItem } from '../../../lib/panelItem';
import { dragAccessibility, dragData, useDragSensors, type DragData } from '../../../lib/dnd';
import { itemsWithout, locate, stepSlot, type Slot, type TierBoard } from '../../../lib/tiers';
import type { RankedItem } from './creatorState';
import { MESSAGES } from '../../../api/contract';

const SCREEN_READER_INSTRUCTIONS =
  MESSAGES.tierDragInstructions;

/** Drop targets: a tier's row or the pool (`tier:` + its key or POOL), and each entry (`entry:` + id). */
const CONTAINER_PREFIX = 'tier:';
const ENTRY_PREFIX = 'entry:';
export const containerDndId = (container: string) => `${CONTAINER_PREFIX}${container}`;
export const entryDndId = (item: PanelItem) => `${ENTRY_PREFIX}${item.id}`;
const isContainerId = (id: UniqueIdentifier) => String(id).startsWith(CONTAINER_PREFIX);
const isEntryId = (id: UniqueIdentifier) => String(id).startsWith(ENTRY_PREFIX);

/** Where a dragged entry would land, as the board shows it: before or after an entry, or at a container's end. */
export type TierHint = { id: string; where: 'before' | 'after' } | { id: string; where: 'end' };

interface Options {
  board: TierBoard<RankedItem>;
  /** A panel item dropped into a slot. */
  onAdd: (item: PanelItem, slot: Slot) => void;
  /** An entry moved to a slot. */
  onMove: (id: string, slot: Slot) => void;
  /** A drag from the panel began (a phone's sheet closes then). */
  onPanelDragStart: () => void;
  /** A container's name as read out: 'tier S', 'the unplaced pool'. */
  containerName: (container: string) => string;
}

const center = (r: ClientRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/**
 * Drag and drop for a tier list: pointer, touch after a 150 ms hold, and keyboard (arrows
 * step through the slots of the board, see stepSlot). Nothing shifts while dragging: the
 * preview follows the pointer and a bar marks where the entry will land.
 */
export function useTierDrag({ board, onAdd, onMove, onPanelDragStart, containerName }: Options) {
  const [activeDrag, setActiveDrag] = useState<DragData | null>(null);
  const [hint, setHint] = useState<TierHint | null>(null);
  const boardRef = useRef(board);
  boardRef.current = board;
  /** The slot a keyboard drag is at; the collision reads it rather than geometry. */
  const keySlot = useRef<Slot | null>(null);
  /** The slot a pointer drag is over, with the hint drawn for it. */
  const pointerSlot = useRef<{ slot: Slot; hint: TierHint } | null>(null);
  /** Where the last drop went, read out after the move (the board has not re-rendered yet). */
  const dropped = useRef('');

  const activeEntryId = (id: UniqueIdentifier) => (isEntryId(id) ? String(id).slice(ENTRY_PREFIX.length) : null);

  function slotTarget(slot: Slot, activeId: string | null): string {
    const item = itemsWithout(boardRef.current, slot.container, activeId)[slot.index];
    return item ? entryDndId(item) : containerDndId(slot.container);
  }

  const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
    const keys: Record<string, 'left' | 'right' | 'up' | 'down'> = {
      [KeyboardCode.Left]: 'left',
      [KeyboardCode.Right]: 'right',
      [KeyboardCode.Up]: 'up',
      [KeyboardCode.Down]: 'down',
    };
    const key = keys[event.code];
    const id = context.active ? activeEntryId(context.active.id) : null;
    if (!key || id === null || !keySlot.current) return undefined;
    event.preventDefault();
    const next = stepSlot(boardRef.current, id, keySlot.current, key);
    if (!next) return currentCoordinates;
    keySlot.current = next;
    const target = slotTarget(next, id);
    const rect = context.droppableRects.get(target);
    if (!rect) return currentCoordinates;
    // At a container's end the preview sits just inside its start; on an entry, over it.
    return { x: rect.left, y: rect.top };
  };

  const sensors = useDragSensors(keyboardCoordinates);

  /** The pointer's (or, for a keyboard drag, the chosen) slot; the hint to draw for it. */
  function pointerTarget(args: Parameters<CollisionDetection>[0]): { slot: Slot; hint: TierHint; over: string } | null {
    const point = args.pointerCoordinates ?? center(args.collisionRect);
    const activeId = activeEntryId(args.active.id);
    const container = args.droppableContainers.find((c) => {
      if (!isContainerId(c.id)) return false;
      const r = args.droppableRects.get(c.id);
      return r !== undefined && point.x >= r.left && point.x <= r.left + r.width && point.y >= r.top && point.y <= r.top + r.height;
    });
    if (!container) return null;
    const key = String(container.id).slice(CONTAINER_PREFIX.length);
    const items = itemsWithout(boardRef.current, key, activeId);
    let best: { index: number; rect: ClientRect; d: number } | null = null;
    items.forEach((item, index) => {
      const rect = args.droppableRects.get(entryDndId(item));
      if (!rect) return;
      const c = center(rect);
      // Rows count more than columns: the nearest entry on the pointer's line wins.
      const d = Math.abs(c.x - point.x) + 3 * Math.abs(c.y - point.y);
      if (!best || d < best.d) best = { index, rect, d };
    });
    if (best === null) return { slot: { container: key, index: 0 }, hint: { id: String(container.id), where: 'end' }, over: String(container.id) };
    const { index, rect } = best as { index: number; rect: ClientRect };
    const after = point.x > center(rect).x;
    const id = entryDndId(items[index] as RankedItem);
    return { slot: { container: key, index: after ? index + 1 : index }, hint: { id, where: after ? 'after' : 'before' }, over: id };
  }

  const collision: CollisionDetection = (args) => {
    if (args.pointerCoordinates === null && keySlot.current) {
      const id = slotTarget(keySlot.current, activeEntryId(args.active.id));
      return [{ id }];
    }
    const target = pointerTarget(args);
    pointerSlot.current = target ? { slot: target.slot, hint: target.hint } : null;
    return target ? [{ id: target.over }] : [];
  };

  function onDragStart(e: DragStartEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(data);
    pointerSlot.current = null;
    const id = activeEntryId(e.active.id);
    keySlot.current = e.activatorEvent instanceof KeyboardEvent && id !== null ? locate(boardRef.current, id) : null;
    if (data?.fromPanel) onPanelDragStart();
  }

  function currentSlot(): { slot: Slot; hint: TierHint } | null {
    const k = keySlot.current;
    if (k) {
      const id = slotTarget(k, activeDrag && !activeDrag.fromPanel ? activeDrag.item.id : null);
      return { slot: k, hint: isContainerId(id) ? { id, where: 'end' } : { id, where: 'before' } };
    }
    return pointerSlot.current;
  }

  function onDragMove(_e: DragMoveEvent) {
    const next = currentSlot()?.hint ?? null;
    setHint((h) => (h?.id === next?.id && h?.where === next?.where ? h : next));
  }

  function finish() {
    setActiveDrag(null);
    setHint(null);
    keySlot.current = null;
    pointerSlot.current = null;
  }

  function onDragEnd(e: DragEndEvent) {
    const data = dragData(e.active.data);
    const target = e.over ? currentSlot() : null;
    dropped.current = target ? where(e.active.id) : '';
    finish();
    if (!data || !target) return;
    if (data.fromPanel) onAdd(data.item, target.slot);
    else onMove(data.item.id, target.slot);
  }

  function where(active: UniqueIdentifier): string {
    const s = currentSlot()?.slot;
    if (!s) return '';
    const size = itemsWithout(boardRef.current, s.container, activeEntryId(active)).length;
    return `${containerName(s.container)}, position ${s.index + 1} of ${size + 1}`;
  }
  function at(active: UniqueIdentifier): string {
    const id = activeEntryId(active);
    const place = id === null ? null : locate(boardRef.current, id);
    if (!place) return '';
    const size = itemsWithout(boardRef.current, place.container, null).length;
    return `${containerName(place.container)}, position ${place.index + 1} of ${size}`;
  }
  const accessibility = dragAccessibility(
    {
      name: (item) => (item.isSeason ? stripSurvivorPrefix(item.name) : item.name),
      from: (active) => `in ${at(active)}`,
      over: (active) => where(active),
      dropped: () => (dropped.current !== '' ? `in ${dropped.current}` : null),
      notOver: 'the tiers',
      outside: 'the tiers',
    },
    SCREEN_READER_INSTRUCTIONS,
  );

  return {
    activeDrag,
    hint,
    contextProps: {
      sensors,
      collisionDetection: collision,
      onDragStart,
      onDragMove,
      onDragEnd,
      onDragCancel: finish,
      accessibility,
    },
  };
}
