import { isUserTag, USER_TAGS, type UserTag } from '../../lib/tags';
import { FRANCHISES as ALL_FRANCHISES, type Franchise } from '../../lib/seasonDisplay';

export const RANKING_TYPES = [
  { value: 'all', label: 'All Rankings' },
  { value: 'season', label: 'Season Rankings' },
  { value: 'survivor', label: 'Survivor Rankings' },
] as const;

export const FORMATS = [
  { value: 'all', label: 'Ranked & tier lists' },
  { value: 'ranked', label: 'Ranked' },
  { value: 'tiers', label: 'Tier lists' },
] as const;

/** Every franchise, or the lists whose every entry is of one franchise's seasons. */
export const FRANCHISES: readonly { value: FranchiseFilter; label: string }[] = [
  { value: 'all', label: 'All franchises' },
  ...ALL_FRANCHISES.map((f) => ({ value: f.id, label: f.name })),
];

export const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'mostVotes', label: 'Most Votes' },
  { value: 'oldest', label: 'Oldest' },
] as const;

export type RankingType = (typeof RANKING_TYPES)[number]['value'];
export type SortMode = (typeof SORTS)[number]['value'];
export type FormatFilter = (typeof FORMATS)[number]['value'];
export type FranchiseFilter = Franchise | 'all';

export interface BrowseFilters {
  q: string;
  type: RankingType;
  format: FormatFilter;
  franchise: FranchiseFilter;
  sort: SortMode;
  tags: UserTag[];
  page: number;
  /** Past the pages a capped count reaches, the server's cursor for this page. */
  cursor?: string;
}

function isType(v: string | null): v is RankingType {
  return RANKING_TYPES.some((t) => t.value === v);
}

function isFormat(v: string | null): v is FormatFilter {
  return FORMATS.some((f) => f.value === v);
}

function isFranchise(v: string | null): v is FranchiseFilter {
  return FRANCHISES.some((f) => f.value === v);
}

function isSort(v: string | null): v is SortMode {
  return SORTS.some((s) => s.value === v);
}

/** Reads the filters from the URL, ignoring values the server would refuse. */
export function readFilters(params: URLSearchParams): BrowseFilters {
  const type = params.get('type');
  const sort = params.get('sort');
  const format = params.get('format');
  const franchise = params.get('franchise');
  const page = Number(params.get('page'));
  const chosen = new Set(params.getAll('tag').filter(isUserTag));
  return {
    q: params.get('q') ?? '',
    type: isType(type) ? type : 'all',
    format: isFormat(format) ? format : 'all',
    franchise: isFranchise(franchise) ? franchise : 'all',
    sort: isSort(sort) ? sort : 'newest',
    // Canonical order, no repeats, so the same view always has the same URL and cache key.
    tags: USER_TAGS.filter((t) => chosen.has(t)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
  };
}

/** The filters as URL search params; defaults are left out so a plain /rankings stays plain. */
export function writeFilters(f: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = f.q.trim();
  if (q !== '') params.set('q', q);
  if (f.type !== 'all') params.set('type', f.type);
  if (f.format !== 'all') params.set('format', f.format);
  if (f.franchise !== 'all') params.set('franchise', f.franchise);
  if (f.sort !== 'newest') params.set('sort', f.sort);
  for (const t of f.tags) params.append('tag', t);
  if (f.page > 1) params.set('page', String(f.page));
  if (f.cursor) params.set('cursor', f.cursor);
  return params;
}

export function hasActiveFilters(f: BrowseFilters): boolean {
  return f.q.trim() !== '' || f.type !== 'all' || f.format !== 'all' || f.franchise !== 'all' || f.tags.length > 0;
}
