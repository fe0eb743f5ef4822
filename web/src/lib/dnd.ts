import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { PanelItem } from './panelItem';
import { formatMessage, MESSAGES } from '../api/contract';

export const LIST_DROP_ID = 'ranking-list';
export const PANEL_PREFIX = 'panel:';
const ITEM_PREFIX = 'item:';

export const itemDndId = (item: PanelItem) => `${ITEM_PREFIX}${item.id}`;

export interface DragData {
  item: PanelItem;
  fromPanel: boolean;
}

export interface DropHint {
  id: UniqueIdentifier;
  where: 'before' | 'after';
}

export function dragData(data: { current?: Record<string, unknown> | undefined } | undefined): DragData | null {
  const cur = data?.current;
  if (!cur || typeof cur.item !== 'object' || cur.item === null) return null;
  return { item: cur.item as PanelItem, fromPanel: cur.fromPanel === true };
}

/** Only the list's items (and the list itself) are drop targets; a panel drag must be over the list. */
export const collision: CollisionDetection = (args) => {
  const fromPanel = String(args.active.id).startsWith(PANEL_PREFIX);
  const items = args.droppableContainers.filter((c) => String(c.id).startsWith(ITEM_PREFIX));
  if (!fromPanel) return closestCenter({ ...args, droppableContainers: items });
  const within = pointerWithin(args);
  if (within.length === 0) return [];
  const near = closestCenter({ ...args, droppableContainers: items });
  const first = near[0];
  return first ? [first] : within.filter((c) => c.id === LIST_DROP_ID);
};

/** The sensors of every board: pointer after 5 px, touch after a 150 ms hold, and keyboard with `coordinateGetter`'s arrows. */
export function useDragSensors(coordinateGetter: KeyboardCoordinateGetter) {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
}

/** What a board reads out while an item is dragged. */
export interface DragReadout {
  /** An item's name as read out. */
  name: (item: PanelItem) => string;
  /** Where a picked-up item of the board is: 'at position 2 of 5'. */
  from: (active: UniqueIdentifier) => string;
  /** Where a dragged item is over: 'position 3 of 5'. */
  over: (active: UniqueIdentifier, over: UniqueIdentifier) => string;
  /** Where a dropped item landed, 'at position 3 of 5', or null when it landed outside. */
  dropped: (active: UniqueIdentifier, over: UniqueIdentifier) => string | null;
  /** What a drag is no longer over: 'the ranking'. */
  notOver: string;
  /** What a drop landed outside of: 'the ranking'. */
  outside: string;
}

/** DndContext's accessibility prop: the announcements of `r` and the instructions. */
export function dragAccessibility(r: DragReadout, instructions: string) {
  const announcements: Announcements = {
    onDragStart({ active }) {
      const d = dragData(active.data);
      if (!d) return undefined;
      return d.fromPanel
        ? formatMessage(MESSAGES.dragPickedUp, { name: r.name(d.item) })
        : formatMessage(MESSAGES.dragPickedUpFrom, { name: r.name(d.item), place: r.from(active.id) });
    },
    onDragOver({ active, over }) {
      const d = dragData(active.data);
      if (!d) return undefined;
      return over
        ? formatMessage(MESSAGES.dragOver, { name: r.name(d.item), place: r.over(active.id, over.id) })
        : formatMessage(MESSAGES.dragNotOver, { name: r.name(d.item), place: r.notOver });
    },
    onDragEnd({ active, over }) {
      const d = dragData(active.data);
      if (!d) return undefined;
      const landed = over ? r.dropped(active.id, over.id) : null;
      return landed !== null
        ? formatMessage(MESSAGES.dragDropped, { name: r.name(d.item), place: landed })
        : formatMessage(MESSAGES.dragDroppedOutside, { name: r.name(d.item), place: r.outside });
    },
    onDragCancel({ active }) {
      const d = dragData(active.data);
      return d ? formatMessage(MESSAGES.dragCancelled, { name: r.name(d.item) }) : undefined;
    },
  };
  return { announcements, screenReaderInstructions: { draggable: instructions } };
}
