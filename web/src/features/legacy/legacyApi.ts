import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBase, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';

export type LegacyRankings = components['schemas']['LegacyRankings'];

export const LOAD_FAILED = 'Failed to load the legacy rankings.';
export const STREAM_PATH = '/api/legacy-rankings/stream';
export const STREAM_EVENT = 'legacy';

/** The record's three lists, in the earlier product's order, with the names the page shows. */
export const LEGACY_LISTS = [
  { key: 'maddysList', title: "Maddy's List" },
  { key: 'andrewsList', title: "Andrew's List" },
  { key: 'kendallsList', title: "Kendall's List" },
] as const;

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
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${apiBase}${STREAM_PATH}`);
    const onRecord = (e: MessageEvent<string>) => {
      const rec = parseLegacy(e.data);
      if (rec) queryClient.setQueryData(queryKeys.legacy, rec);
    };
    source.addEventListener(STREAM_EVENT, onRecord);
    return () => {
      source.removeEventListener(STREAM_EVENT, onRecord);
      source.close();
    };
  }, [queryClient]);
  return useQuery({
    queryKey: queryKeys.legacy,
    queryFn: ({ signal }) => request(() => api.GET('/api/legacy-rankings', { signal }), LOAD_FAILED),
  });
}
