import { emptyBoard, isTierColor, keyedTiers, type TierBoard } from '../../../lib/tiers';
import type { ListItem, Tier } from '../api';
import type { CreatorState, RankedItem } from './creatorState';

/** A tier list's tiers (and a draft's pool) as the creator's board; none: the default tiers. */
export function boardFrom(tiers: readonly Tier[] | undefined, pool: readonly ListItem[] | undefined = []): TierBoard<RankedItem> {
  if (!tiers || tiers.length === 0) return { ...emptyBoard<RankedItem>(), pool: pool.map((i) => ({ ...i })) };
  return {
    tiers: keyedTiers(tiers.map((t) => ({ label: t.label, color: isTierColor(t.color) ? t.color : 'gray', items: t.contestants.map((i) => ({ ...i })) }))),
    pool: pool.map((i) => ({ ...i })),
  };
}

/** The creator's format and entries for a saved list, a draft or a remix's source. */
export function listShape(list: { format?: 'ranked' | 'tiers'; contestants: readonly ListItem[]; tiers?: readonly Tier[] }): Pick<CreatorState, 'format' | 'items' | 'board'> {
  if (list.format === 'tiers') return { format: 'tiers', items: [], board: boardFrom(list.tiers) };
  return { format: 'ranked', items: list.contestants.map((i) => ({ ...i })), board: emptyBoard() };
}
