/**
 * A tier list being built: ordered tiers (label, colour, ordered entries) and the pool of
 * entries not placed yet. Pure: every change returns a new board, so the creator keeps it in
 * its state and its draft, and the tests need no page.
 *
 * A place on the board is a container (a tier's key, or POOL) and an index in it. A move's
 * index counts the container as it is once the moved entry has left its old place.
 */

export const TIER_COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'gray'] as const;
export type TierColor = (typeof TIER_COLORS)[number];

export const TIERS_MIN = 1;
export const TIERS_MAX = 10;
export const TIER_LABEL_MAX = 20;
export const POOL = 'pool';

/** The tiers a new tier list starts with. */
export const DEFAULT_TIERS: readonly { label: string; color: TierColor }[] = [
  { label: 'S', color: 'red' },
  { label: 'A', color: 'orange' },
  { label: 'B', color: 'yellow' },
  { label: 'C', color: 'green' },
  { label: 'D', color: 'teal' },
  { label: 'F', color: 'blue' },
];

/** What the board needs of an entry: who it is. Notes and display fields ride along. */
export interface Entry {
  id: string;
  isSeason: boolean;
  note?: string;
}

export interface Tier<T extends Entry> {
  /** Stable while the list is built (React keys, drop targets); never sent to the server. */
  key: string;
  label: string;
  color: TierColor;
  items: T[];
}

export interface TierBoard<T extends Entry> {
  tiers: Tier<T>[];
  pool: T[];
}

export type TierAction<T extends Entry> =
  | { type: 'add'; item: T; to: string; index?: number }
  | { type: 'move'; id: string; to: string; index: number }
  | { type: 'remove'; id: string }
  | { type: 'note'; id: string; note: string }
  | { type: 'addTier' }
  | { type: 'removeTier'; key: string }
  | { type: 'renameTier'; key: string; label: string }
  | { type: 'recolorTier'; key: string; color: TierColor }
  | { type: 'moveTier'; key: string; to: number };

/** How much room a label needs, for its cell's type size: 'S' and 'A+' are big, 'Legends' smaller, a sentence small. */
export function labelSize(label: string): 'short' | 'medium' | 'long' {
  const n = [...label.trim()].length;
  return n <= 2 ? 'short' : n <= 6 ? 'medium' : 'long';
}

export function isTierColor(v: unknown): v is TierColor {
  return typeof v === 'string' && (TIER_COLORS as readonly string[]).includes(v);
}

/** Keys t1, t2, ...: the next one is past every key in use. */
function nextKey(tiers: readonly { key: string }[]): string {
  const used = tiers.map((t) => Number(t.key.slice(1))).filter(Number.isFinite);
  return `t${Math.max(0, ...used) + 1}`;
}

/** Tiers from labels and colours, keyed t1, t2, ... in order. */
export function keyedTiers<T extends Entry>(specs: readonly { label: string; color: TierColor; items?: T[] }[]): Tier<T>[] {
  return specs.map((s, i) => ({ key: `t${i + 1}`, label: s.label, color: s.color, items: s.items ?? [] }));
}

export function emptyBoard<T extends Entry>(): TierBoard<T> {
  return { tiers: keyedTiers<T>(DEFAULT_TIERS), pool: [] };
}

/** Every entry in order: tier by tier, then the pool. */
export function boardEntries<T extends Entry>(board: TierBoard<T>): T[] {
  return [...board.tiers.flatMap((t) => t.items), ...board.pool];
}

/** The entries placed in tiers (what a saved tier list holds). */
export function placedCount(board: TierBoard<Entry>): number {
  return board.tiers.reduce((n, t) => n + t.items.length, 0);
}

export function containerItems<T extends Entry>(board: TierBoard<T>, container: string): T[] | null {
  if (container === POOL) return board.pool;
  return board.tiers.find((t) => t.key === container)?.items ?? null;
}

/** Where the entry `id` is: its container and index, or null. */
export function locate(board: TierBoard<Entry>, id: string): { container: string; index: number } | null {
  for (const t of board.tiers) {
    const index = t.items.findIndex((i) => i.id === id);
    if (index >= 0) return { container: t.key, index };
  }
  const index = board.pool.findIndex((i) => i.id === id);
  return index >= 0 ? { container: POOL, index } : null;
}

function withContainer<T extends Entry>(board: TierBoard<T>, container: string, items: T[]): TierBoard<T> {
  if (container === POOL) return { ...board, pool: items };
  return { ...board, tiers: board.tiers.map((t) => (t.key === container ? { ...t, items } : t)) };
}

function mapEntries<T extends Entry>(board: TierBoard<T>, f: (items: T[]) => T[]): TierBoard<T> {
  return { tiers: board.tiers.map((t) => ({ ...t, items: f(t.items) })), pool: f(board.pool) };
}

function insert<T>(items: readonly T[], item: T, index: number): T[] {
  const at = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/** Control characters (a pasted line break) become spaces, as in a ranked list's notes. */
function cleanNote(note: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return note.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

export function tierReducer<T extends Entry>(board: TierBoard<T>, action: TierAction<T>): TierBoard<T> {
  switch (action.type) {
    case 'add': {
      const target = containerItems(board, action.to);
      if (target === null || locate(board, action.item.id) !== null) return board;
      return withContainer(board, action.to, insert(target, action.item, action.index ?? target.length));
    }
    case 'move': {
      const from = locate(board, action.id);
      if (from === null || containerItems(board, action.to) === null) return board;
      const source = containerItems(board, from.container) ?? [];
      const item = source[from.index];
      if (item === undefined) return board;
      const left = withContainer(board, from.container, source.filter((_, i) => i !== from.index));
      return withContainer(left, action.to, insert(containerItems(left, action.to) ?? [], item, action.index));
    }
    case 'remove':
      return mapEntries(board, (items) => (items.some((i) => i.id === action.id) ? items.filter((i) => i.id !== action.id) : items));
    case 'note':
      return mapEntries(board, (items) =>
        items.some((i) => i.id === action.id) ? items.map((i) => (i.id === action.id ? { ...i, note: cleanNote(action.note) } : i)) : items,
      );
    case 'addTier': {
      if (board.tiers.length >= TIERS_MAX) return board;
      const used = new Set(board.tiers.map((t) => t.label));
      const spec = DEFAULT_TIERS.find((d) => !used.has(d.label));
      const color = TIER_COLORS.find((c) => !board.tiers.some((t) => t.color === c)) ?? 'gray';
      const tier: Tier<T> = { key: nextKey(board.tiers), label: spec?.label ?? `Tier ${board.tiers.length + 1}`, color: spec?.color ?? color, items: [] };
      return { ...board, tiers: [...board.tiers, tier] };
    }
    case 'removeTier': {
      // Its entries are not lost: they go back to the pool, in order.
      const tier = board.tiers.find((t) => t.key === action.key);
      if (!tier || board.tiers.length <= TIERS_MIN) return board;
      return { tiers: board.tiers.filter((t) => t !== tier), pool: [...tier.items, ...board.pool] };
    }
    case 'renameTier':
      return { ...board, tiers: board.tiers.map((t) => (t.key === action.key ? { ...t, label: action.label.slice(0, TIER_LABEL_MAX) } : t)) };
    case 'recolorTier':
      return { ...board, tiers: board.tiers.map((t) => (t.key === action.key ? { ...t, color: action.color } : t)) };
    case 'moveTier': {
      const from = board.tiers.findIndex((t) => t.key === action.key);
      const to = Math.max(0, Math.min(action.to, board.tiers.length - 1));
      if (from < 0 || from === to) return board;
      const tiers = board.tiers.filter((_, i) => i !== from);
      tiers.splice(to, 0, board.tiers[from] as Tier<T>);
      return { ...board, tiers };
    }
  }
}

/**
 * A ranked list as tiers, order kept: the entries fill the tiers top down in runs as even as
 * they can be (fewer entries than tiers: one to a tier, from the top).
 */
export function tiersFromRanked<T extends Entry>(items: readonly T[], tiers: readonly Tier<T>[] = keyedTiers<T>(DEFAULT_TIERS)): TierBoard<T> {
  const used = Math.min(tiers.length, items.length);
  return {
    tiers: tiers.map((t, k) => ({
      ...t,
      items: k < used ? items.slice(Math.floor((k * items.length) / used), Math.floor(((k + 1) * items.length) / used)) : [],
    })),
    pool: [],
  };
}

/** A tier list as a ranked list, order kept: tier by tier, the unplaced pool last. */
export function rankedFromTiers<T extends Entry>(board: TierBoard<T>): T[] {
  return boardEntries(board);
}

/** A place an entry can go: a container and an index in it (counted without the entry itself). */
export interface Slot {
  container: string;
  index: number;
}

/** The containers in board order: the tiers top down, then the pool. */
export function containerOrder(board: TierBoard<Entry>): string[] {
  return [...board.tiers.map((t) => t.key), POOL];
}

/** The entries of `container` once `activeId` has left it. */
export function itemsWithout<T extends Entry>(board: TierBoard<T>, container: string, activeId: string | null): T[] {
  return (containerItems(board, container) ?? []).filter((i) => i.id !== activeId);
}

/**
 * Where a keyboard move goes from `slot`: left and right step through a tier and on into the
 * next or previous one; up and down go to the tier above or below, as near the same index as
 * it has. Null at the board's edge.
 */
export function stepSlot(board: TierBoard<Entry>, activeId: string, slot: Slot, key: 'left' | 'right' | 'up' | 'down'): Slot | null {
  const order = containerOrder(board);
  const at = order.indexOf(slot.container);
  if (at < 0) return null;
  const size = (c: string) => itemsWithout(board, c, activeId).length;
  const other = (d: number) => order[at + d];
  switch (key) {
    case 'right': {
      if (slot.index < size(slot.container)) return { container: slot.container, index: slot.index + 1 };
      const next = other(1);
      return next === undefined ? null : { container: next, index: 0 };
    }
    case 'left': {
      if (slot.index > 0) return { container: slot.container, index: slot.index - 1 };
      const prev = other(-1);
      return prev === undefined ? null : { container: prev, index: size(prev) };
    }
    case 'up':
    case 'down': {
      const c = other(key === 'up' ? -1 : 1);
      return c === undefined ? null : { container: c, index: Math.min(slot.index, size(c)) };
    }
  }
}
