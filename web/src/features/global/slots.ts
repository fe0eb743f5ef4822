import type { PanelItem } from '../../lib/panelItem';
import { NO_SEASONS, duplicateMessage, wrongSeasonMessage, type Slots } from './globalApi';
import { MESSAGES } from '../../api/contract';

export const FULL_MESSAGE = MESSAGES.ballotFull;

export type PlaceOutcome = { kind: 'placed'; slots: Slots; index: number } | { kind: 'refused'; message: string };

/** The poll's season: only its cast can be ranked. */
export interface PollSeason {
  seasonId: string;
  seasonName: string;
}

/**
 * Puts `item` into slot `index` (replacing what is there), or into the first empty slot when
 * no index is given. Refuses a season, a contestant of another season and a contestant already
 * on the ballot ('{name} is already ranked at position N.').
 */
export function placeItem(slots: Slots, item: PanelItem, poll: PollSeason, index?: number): PlaceOutcome {
  if (item.isSeason) return { kind: 'refused', message: NO_SEASONS };
  if (item.seasonId !== poll.seasonId) return { kind: 'refused', message: wrongSeasonMessage(item.name, poll.seasonName) };
  const at = slots.findIndex((s) => s?.id === item.id);
  if (at >= 0) return { kind: 'refused', message: duplicateMessage(item.name, at + 1) };
  const target = index ?? slots.findIndex((s) => s === null);
  if (target < 0 || target >= slots.length) return { kind: 'refused', message: FULL_MESSAGE };
  const next = slots.slice();
  next[target] = item;
  return { kind: 'placed', slots: next, index: target };
}

/** Moves the castaway in slot `from` to slot `to`; the slots between shift by one. */
export function moveSlot(slots: Slots, from: number, to: number): Slots {
  if (from === to || from < 0 || to < 0 || from >= slots.length || to >= slots.length) return slots;
  const next = slots.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved ?? null);
  return next;
}

export function clearSlot(slots: Slots, index: number): Slots {
  const next = slots.slice();
  next[index] = null;
  return next;
}
