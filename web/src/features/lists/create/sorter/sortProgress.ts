import type { components } from '../../../../api/schema.gen';
import type { Season } from '../../../../api/client';
import type { PanelItem } from '../../../../lib/panelItem';
import type { Answer } from '../../../../lib/sorter';
import type { RankedItem } from '../rankedItem';

/** A 'Rank by choosing' in progress: what is being sorted and the answers so far. It lives in the draft. */
export interface SortProgress {
  entries: PanelItem[];
  answers: Answer[];
}

type SorterInput = components['schemas']['SorterInput'];
type Sorter = components['schemas']['Sorter'];

/** The most a sorter sorts, as the server bounds it: a whole cast or every season, whichever the catalog has more of. */
export function maxSortEntries(seasons: readonly Season[]): number {
  return seasons.reduce((most, s) => Math.max(most, s.contestants.length), seasons.length);
}

export function castOf(season: Season): PanelItem[] {
  return season.contestants.map((c) => ({ id: c.id, name: c.name, imageUrl: c.imageUrl, isSeason: false, seasonId: season.id, seasonName: season.name }));
}

export function allSeasons(seasons: readonly Season[]): PanelItem[] {
  return [...seasons]
    .sort((a, b) => a.number - b.number)
    .map((s) => ({ id: s.id, name: s.name, imageUrl: s.logoUrl, isSeason: true, seasonId: s.id, seasonName: s.name }));
}

/** The entries to sort, as panel items (no notes: a note belongs to the list, not the sorting). */
export function startFrom(entries: readonly PanelItem[]): SortProgress {
  return { entries: entries.map(({ id, name, imageUrl, isSeason, seasonId, seasonName }) => ({ id, name, imageUrl, isSeason, seasonId, seasonName })), answers: [] };
}

/** The progress as the draft sends it. */
export function toSorterInput(p: SortProgress): SorterInput {
  return { entries: p.entries.map((e) => ({ id: e.id, isSeason: e.isSeason, seasonId: e.seasonId })), answers: p.answers };
}

/** The progress the server kept with the draft. */
export function fromSorter(s: Sorter | undefined): SortProgress | undefined {
  return s ? { entries: s.entries, answers: s.answers } : undefined;
}

function isAnswer(v: unknown): v is Answer {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.a === 'string' && typeof o.b === 'string' && (o.winner === null || typeof o.winner === 'string');
}

function isEntry(v: unknown): v is PanelItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.id === 'string' && typeof o.name === 'string' && typeof o.isSeason === 'boolean' && typeof o.imageUrl === 'string' && typeof o.seasonId === 'string' && typeof o.seasonName === 'string';
}

/** The progress in a creator state stored as JSON (the tab's copy, the draft kept offline), or undefined. */
export function parseSortProgress(v: unknown): SortProgress | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (!Array.isArray(o.entries) || !Array.isArray(o.answers) || !o.entries.every(isEntry) || !o.answers.every(isAnswer)) return undefined;
  return o.entries.length >= 2 ? { entries: o.entries, answers: o.answers } : undefined;
}

/** The ranked list a finished sorting gives (order: entry ids, best first), keeping the notes the list has on them. */
export function rankedFrom(p: SortProgress, order: readonly string[], items: readonly RankedItem[]): RankedItem[] {
  const byId = new Map<string, RankedItem>(p.entries.map((e) => [e.id, e]));
  for (const it of items) if (byId.has(it.id)) byId.set(it.id, it);
  return order.flatMap((id) => byId.get(id) ?? []);
}

/** The list's entries the sorted result leaves out: using it drops them, so the fan is asked first. */
export function droppedBy(p: SortProgress, items: readonly RankedItem[]): RankedItem[] {
  const sorted = new Set(p.entries.map((e) => e.id));
  return items.filter((it) => !sorted.has(it.id));
}
