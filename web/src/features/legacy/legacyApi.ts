import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { useLiveStream } from '../../api/liveStream';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { MESSAGES } from '../../api/contract';

export type LegacyRankings = components['schemas']['LegacyRankings'];

export const LOAD_FAILED = MESSAGES.legacyLoadFailed;
export const SAVE_FAILED = MESSAGES.legacySaveFailed;
export const SAVED = MESSAGES.legacySaved;
export const SAVED_MS = 3000;
export const STREAM_PATH = '/api/legacy-rankings/stream';
export const STREAM_EVENT = 'legacy';

/** The record's three lists, in the earlier product's order, with the names the page shows. */
export const LEGACY_LISTS = [
  { key: 'maddysList', title: "Maddy's List" },
  { key: 'andrewsList', title: "Andrew's List" },
  { key: 'kendallsList', title: "Kendall's List" },
] as const;

export type LegacyKey = (typeof LEGACY_LISTS)[number]['key'];
export type LegacyItem = LegacyRankings['maddysList'][number];
export type LegacyLists = Record<LegacyKey, LegacyItem[]>;

/** A stream event's data, or null when it is not a record. */
export function parseLegacy(data: string): LegacyRankings | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const rec = value as LegacyRankings;
    return LEGACY_LISTS.every((l) => Array.isArray(rec[l.key])) && typeof rec.lastUpdated === 'string' ? rec : null;
  } catch {
    return null;
  }
}

/** The record, kept current over server-sent events while mounted. */
export function useLegacyRankings() {
  const queryClient = useQueryClient();
  useLiveStream(STREAM_PATH, STREAM_EVENT, (data) => {
    const rec = parseLegacy(data);
    if (rec) queryClient.setQueryData(queryKeys.legacy, rec);
  });
  return useQuery({
    queryKey: queryKeys.legacy,
    queryFn: ({ signal }) => request(() => api.GET('/api/legacy-rankings', { signal }), LOAD_FAILED),
  });
}

/** Replaces the record's three lists; the answer is the record as saved. */
export function useSaveLegacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lists: LegacyLists) => {
      const body = Object.fromEntries(
        LEGACY_LISTS.map(({ key }) => [key, lists[key].map((it) => ({ id: it.id, isSeason: it.isSeason, seasonId: it.seasonId }))]),
      ) as Record<LegacyKey, { id: string; isSeason: boolean; seasonId: string }[]>;
      return request(() => api.PUT('/api/legacy-rankings', { body }), SAVE_FAILED);
    },
    onSuccess: (rec) => queryClient.setQueryData(queryKeys.legacy, rec),
  });
}
