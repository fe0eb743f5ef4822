import { closestCenter, pointerWithin, type CollisionDetection, type UniqueIdentifier } from '@dnd-kit/core';
import type { PanelItem } from './panelItem';

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
