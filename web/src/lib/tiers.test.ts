import { describe, expect, it } from 'vitest';
import {
  POOL,
  labelSize,
  stepSlot,
  TIERS_MAX,
  TIER_LABEL_MAX,
  boardEntries,
  emptyBoard,
  locate,
  rankedFromTiers,
  tierReducer,
  tiersFromRanked,
  type Entry,
  type TierBoard,
} from './tiers';

const e = (id: string): Entry => ({ id, isSeason: false });
const ids = (items: readonly Entry[]) => items.map((i) => i.id);
/** The board as 'S: a b | A: | ... | pool: x'. */
const show = (b: TierBoard<Entry>) => [...b.tiers.map((t) => `${t.label}:${ids(t.items).join(',')}`), `pool:${ids(b.pool).join(',')}`].join(' ');

function board(spec: Record<string, string[]>, pool: string[] = []): TierBoard<Entry> {
  const b = emptyBoard<Entry>();
  return { tiers: b.tiers.map((t) => ({ ...t, items: (spec[t.label] ?? []).map(e) })), pool: pool.map(e) };
}

describe('tierReducer: entries', () => {
  it('starts with S, A, B, C, D, F and an empty pool', () => {
    const b = emptyBoard<Entry>();
    expect(b.tiers.map((t) => t.label)).toEqual(['S', 'A', 'B', 'C', 'D', 'F']);
    expect(new Set(b.tiers.map((t) => t.color)).size).toBe(6);
    expect(b.pool).toEqual([]);
  });

  it('adds to the pool or a tier, at the end or at an index, never twice', () => {
    let b = emptyBoard<Entry>();
    b = tierReducer(b, { type: 'add', item: e('a'), to: POOL });
    b = tierReducer(b, { type: 'add', item: e('b'), to: 't1' });
    b = tierReducer(b, { type: 'add', item: e('c'), to: 't1', index: 0 });
    const again = tierReducer(b, { type: 'add', item: e('a'), to: 't2' });
    expect(again).toBe(b);
    expect(tierReducer(b, { type: 'add', item: e('z'), to: 'nope' })).toBe(b);
    expect(show(b)).toBe('S:c,b A: B: C: D: F: pool:a');
  });

  it('moves within a tier, between tiers and to and from the pool', () => {
    let b = board({ S: ['a', 'b', 'c'], A: ['d'] }, ['x']);
    b = tierReducer(b, { type: 'move', id: 'a', to: 't1', index: 2 });
    expect(show(b)).toBe('S:b,c,a A:d B: C: D: F: pool:x');
    b = tierReducer(b, { type: 'move', id: 'c', to: 't2', index: 0 });
    expect(show(b)).toBe('S:b,a A:c,d B: C: D: F: pool:x');
    b = tierReducer(b, { type: 'move', id: 'x', to: 't6', index: 5 });
    expect(show(b)).toBe('S:b,a A:c,d B: C: D: F:x pool:');
    b = tierReducer(b, { type: 'move', id: 'b', to: POOL, index: 0 });
    expect(show(b)).toBe('S:a A:c,d B: C: D: F:x pool:b');
    expect(locate(b, 'd')).toEqual({ container: 't2', index: 1 });
    expect(tierReducer(b, { type: 'move', id: 'missing', to: 't1', index: 0 })).toBe(b);
  });

  it('removes an entry wherever it is and sets notes without control characters', () => {
    let b = board({ S: ['a'], B: ['b'] }, ['c']);
    b = tierReducer(b, { type: 'remove', id: 'b' });
    b = tierReducer(b, { type: 'note', id: 'c', note: 'line\nbreak' });
    expect(show(b)).toBe('S:a A: B: C: D: F: pool:c');
    expect(b.pool[0]?.note).toBe('line break');
  });
});

describe('tierReducer: tiers', () => {
  it('adds tiers up to ten with fresh keys, labels and colours', () => {
    let b = emptyBoard<Entry>();
    for (let i = 0; i < 6; i++) b = tierReducer(b, { type: 'addTier' });
    expect(b.tiers).toHaveLength(TIERS_MAX);
    expect(new Set(b.tiers.map((t) => t.key)).size).toBe(TIERS_MAX);
    expect(b.tiers[6]?.label).toBe('Tier 7');
    expect(new Set(b.tiers.map((t) => t.color)).size).toBe(9);
  });

  it('gives a removed default label back first', () => {
    let b = tierReducer(emptyBoard<Entry>(), { type: 'removeTier', key: 't2' });
    b = tierReducer(b, { type: 'addTier' });
    expect(b.tiers.map((t) => t.label)).toEqual(['S', 'B', 'C', 'D', 'F', 'A']);
    expect(b.tiers[5]?.key).toBe('t7');
  });

  it('removing a tier sends its entries to the pool; the last tier stays', () => {
    let b = board({ S: ['a', 'b'] }, ['x']);
    b = tierReducer(b, { type: 'removeTier', key: 't1' });
    expect(show(b)).toBe('A: B: C: D: F: pool:a,b,x');
    for (const k of ['t2', 't3', 't4', 't5']) b = tierReducer(b, { type: 'removeTier', key: k });
    expect(b.tiers).toHaveLength(1);
    expect(tierReducer(b, { type: 'removeTier', key: 't6' })).toBe(b);
  });

  it('renames (at most 20 characters), recolours and reorders', () => {
    let b = board({ S: ['a'] });
    b = tierReducer(b, { type: 'renameTier', key: 't1', label: 'Goats of the game, all time' });
    expect(b.tiers[0]?.label).toHaveLength(TIER_LABEL_MAX);
    b = tierReducer(b, { type: 'recolorTier', key: 't1', color: 'pink' });
    expect(b.tiers[0]?.color).toBe('pink');
    b = tierReducer(b, { type: 'moveTier', key: 't1', to: 2 });
    expect(b.tiers.map((t) => t.key)).toEqual(['t2', 't3', 't1', 't4', 't5', 't6']);
    expect(b.tiers[2]?.items.map((i) => i.id)).toEqual(['a']);
    b = tierReducer(b, { type: 'moveTier', key: 't1', to: 99 });
    expect(b.tiers.map((t) => t.key)).toEqual(['t2', 't3', 't4', 't5', 't6', 't1']);
  });
});

describe('ranked <-> tiers', () => {
  const letters = (n: number) => Array.from({ length: n }, (_, i) => e(String.fromCharCode(97 + i)));

  it('spreads a ranked list over the tiers top down, keeping its order', () => {
    const b = tiersFromRanked(letters(14));
    expect(show(b)).toBe('S:a,b A:c,d B:e,f,g C:h,i D:j,k F:l,m,n pool:');
    expect(ids(boardEntries(b))).toEqual(ids(letters(14)));
  });

  it('fewer entries than tiers: one to a tier from the top', () => {
    expect(show(tiersFromRanked(letters(3)))).toBe('S:a A:b B:c C: D: F: pool:');
    expect(show(tiersFromRanked([]))).toBe('S: A: B: C: D: F: pool:');
  });

  it('back to ranked: tier by tier, the pool last, notes kept', () => {
    let b = board({ S: ['b'], C: ['a', 'd'] }, ['c']);
    b = tierReducer(b, { type: 'note', id: 'a', note: 'why' });
    const ranked = rankedFromTiers(b);
    expect(ids(ranked)).toEqual(['b', 'a', 'd', 'c']);
    expect(ranked[1]?.note).toBe('why');
    expect(ids(boardEntries(tiersFromRanked(ranked)))).toEqual(['b', 'a', 'd', 'c']);
  });
});

describe('stepSlot: keyboard moves', () => {
  const b = board({ S: ['a', 'b'], A: ['c'] }, ['x']);
  const step = (container: string, index: number, key: 'left' | 'right' | 'up' | 'down') => stepSlot(b, 'a', { container, index }, key);

  it('left and right walk a tier and on into the next or previous one', () => {
    expect(step('t1', 0, 'right')).toEqual({ container: 't1', index: 1 });
    expect(step('t1', 1, 'right')).toEqual({ container: 't2', index: 0 });
    expect(step('t2', 0, 'left')).toEqual({ container: 't1', index: 1 });
    expect(step('t1', 0, 'left')).toBeNull();
    expect(step(POOL, 1, 'right')).toBeNull();
  });

  it('up and down change tier, as near the same index as it has', () => {
    expect(step('t1', 1, 'down')).toEqual({ container: 't2', index: 1 });
    expect(step('t2', 1, 'down')).toEqual({ container: 't3', index: 0 });
    expect(step('t6', 0, 'down')).toEqual({ container: POOL, index: 0 });
    expect(step('t1', 0, 'up')).toBeNull();
  });
});

describe('labelSize', () => {
  it('sizes a label by its length', () => {
    expect(['S', 'A+', 'GOAT', 'Legend', 'Never again, please'].map(labelSize)).toEqual(['short', 'short', 'medium', 'medium', 'long']);
  });
});
