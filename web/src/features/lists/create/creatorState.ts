import { CREATOR_SESSION_KEY } from '../../../lib/session';
import type { PanelItem } from '../../../lib/panelItem';
import { isUserTag, typeTagFor, type TypeTag, type UserTag } from '../../../lib/tags';
import { MESSAGES } from '../../../api/contract';
import { boardEntries, emptyBoard, isTierColor, keyedTiers, TIER_LABEL_MAX, type TierBoard } from '../../../lib/tiers';
import { parseSortProgress, type SortProgress } from './sorter/sortProgress';
import type { RankedItem } from './rankedItem';

export type { RankedItem };

/** The list a remix starts from, as the creator names it. */
export interface RemixSource {
  userId: string;
  listId: string;
  name: string;
  userName: string;
}

export type ListFormat = 'ranked' | 'tiers';

/** Everything the creator holds while a list is being built. */
export interface CreatorState {
  name: string;
  description: string;
  tags: UserTag[];
  /** A ranked list's entries in order: the list while `format` is 'ranked'. */
  items: RankedItem[];
  format: ListFormat;
  /** A tier list's tiers and unplaced pool: the list while `format` is 'tiers'. */
  board: TierBoard<RankedItem>;
  isPublic: boolean;
  /** Set while the list being built is a remix. */
  remixOf?: RemixSource;
  /** A 'Rank by choosing' in progress. */
  sorter?: SortProgress;
}

export const EMPTY_CREATOR: CreatorState = { name: '', description: '', tags: [], items: [], format: 'ranked', board: emptyBoard(), isPublic: true };

/** The list's entries in order, whichever its format (a tier list's pool last). */
export function entriesOf(state: Pick<CreatorState, 'format' | 'items' | 'board'>): RankedItem[] {
  return state.format === 'tiers' ? boardEntries(state.board) : state.items;
}

/** What saving would keep: a tier list's unplaced pool is left out. */
export function savedCount(state: CreatorState): number {
  return state.format === 'tiers' ? state.board.tiers.reduce((n, t) => n + t.items.length, 0) : state.items.length;
}

export const MIX_SEASONS_FIRST = MESSAGES.listMixed;
export const MIX_CONTESTANTS_FIRST = MESSAGES.listMixedContestantsFirst;
export const MIX_ALERT = MESSAGES.listMixedAlert;

export type AddOutcome =
  | { kind: 'added'; items: RankedItem[]; index: number }
  | { kind: 'duplicate' }
  | { kind: 'mixed'; message: string };

/**
 * Adds an item at `index` (default: the end). Duplicates are ignored; a season never joins a
 * list of contestants, nor a contestant a list of seasons.
 */
export function addItem(items: readonly RankedItem[], item: PanelItem, index = items.length): AddOutcome {
  const refused = refuseAdd(items, item);
  if (refused) return refused;
  const at = Math.max(0, Math.min(index, items.length));
  return { kind: 'added', items: [...items.slice(0, at), item, ...items.slice(at)], index: at };
}

/** Why `item` cannot join a list holding `items` (a duplicate, or the other kind), or null. */
export function refuseAdd(items: readonly PanelItem[], item: PanelItem): Exclude<AddOutcome, { kind: 'added' }> | null {
  if (items.some((i) => i.id === item.id && i.isSeason === item.isSeason)) return { kind: 'duplicate' };
  const first = items[0];
  if (first && first.isSeason !== item.isSeason) {
    return { kind: 'mixed', message: first.isSeason ? MIX_SEASONS_FIRST : MIX_CONTESTANTS_FIRST };
  }
  return null;
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

export function removeItem(items: readonly RankedItem[], id: string): RankedItem[] {
  return items.filter((i) => i.id !== id);
}

/** Sets the note on the item `id`; control characters (a pasted line break) become spaces. */
export function setNote(items: readonly RankedItem[], id: string, note: string): RankedItem[] {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  const clean = note.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return items.map((i) => (i.id === id ? { ...i, note: clean } : i));
}

/** The automatic type tag, hidden from readers but kept up to date as items change. */
export function creatorTypeTag(state: CreatorState): TypeTag {
  return typeTagFor(entriesOf(state));
}

export function isBlank(state: CreatorState): boolean {
  return state.name.trim() === '' && state.description.trim() === '' && state.tags.length === 0 && entriesOf(state).length === 0 && !state.sorter;
}

export function cleanTags(tags: readonly string[]): UserTag[] {
  return tags.filter(isUserTag);
}

/** The creator's unsaved state for this tab, so a reload loses nothing; sign-out clears it. */
const CREATOR_STORAGE_KEY = CREATOR_SESSION_KEY;

function isRemixSource(v: unknown): v is RemixSource {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.userId === 'string' && typeof o.listId === 'string' && typeof o.name === 'string' && typeof o.userName === 'string';
}

function isStoredItem(v: unknown): v is RankedItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.id === 'string' && typeof o.name === 'string' && typeof o.isSeason === 'boolean';
}

function storedItems(v: unknown): RankedItem[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isStoredItem).map((i) => ({
    id: i.id,
    name: i.name,
    isSeason: i.isSeason,
    imageUrl: typeof i.imageUrl === 'string' ? i.imageUrl : '',
    seasonId: typeof i.seasonId === 'string' ? i.seasonId : '',
    seasonName: typeof i.seasonName === 'string' ? i.seasonName : '',
    note: typeof i.note === 'string' ? i.note : undefined,
  }));
}

function storedBoard(v: unknown): TierBoard<RankedItem> {
  if (typeof v !== 'object' || v === null) return emptyBoard();
  const o = v as Record<string, unknown>;
  const tiers = Array.isArray(o.tiers) ? o.tiers.filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null) : [];
  if (tiers.length === 0) return emptyBoard();
  return {
    tiers: keyedTiers(
      tiers.map((t) => ({
        label: typeof t.label === 'string' ? t.label.slice(0, TIER_LABEL_MAX) : '',
        color: isTierColor(t.color) ? t.color : 'gray',
        items: storedItems(t.items),
      })),
    ),
    pool: storedItems(o.pool),
  };
}

export function readStoredCreator(): CreatorState | null {
  try {
    return parseCreator(window.sessionStorage.getItem(CREATOR_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** A creator state stored as JSON (the tab's copy, or the draft kept offline), or null. */
export function parseCreator(raw: string | null): CreatorState | null {
  try {
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Record<string, unknown>;
    return {
      name: typeof o.name === 'string' ? o.name : '',
      description: typeof o.description === 'string' ? o.description : '',
      tags: Array.isArray(o.tags) ? cleanTags(o.tags.filter((t): t is string => typeof t === 'string')) : [],
      items: storedItems(o.items),
      format: o.format === 'tiers' ? 'tiers' : 'ranked',
      board: storedBoard(o.board),
      isPublic: o.isPublic !== false,
      remixOf: isRemixSource(o.remixOf) ? o.remixOf : undefined,
      sorter: parseSortProgress(o.sorter),
    };
  } catch {
    return null;
  }
}

export function storeCreator(state: CreatorState | null): void {
  try {
    if (state === null || isBlank(state)) window.sessionStorage.removeItem(CREATOR_STORAGE_KEY);
    else window.sessionStorage.setItem(CREATOR_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage unavailable: the server draft still keeps the work.
  }
}
