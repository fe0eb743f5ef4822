import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, retryRead, type Catalog } from './client';
import { queryKeys } from './queryKeys';
import { MESSAGES } from './contract';

/** The catalog; `fresh` revalidates it with the server past the browser's copy (its ETag makes that a 304 when nothing changed). */
export function fetchCatalog(signal?: AbortSignal, fresh = false): Promise<Catalog> {
  return request(() => api.GET('/api/catalog/seasons', { signal, ...(fresh ? { cache: 'no-cache' as const } : {}) }), MESSAGES.seasonsFailed);
}

/** The season catalog: it grows only when a moderator adds a season on air, so it is kept for the session (see useCatalogFinding). */
export function useCatalog() {
  return useQuery({
    queryKey: queryKeys.catalog,
    queryFn: ({ signal }) => fetchCatalog(signal),
    staleTime: 60 * 60 * 1000,
    gcTime: 24 * 60 * 60 * 1000,
    retry: retryRead(1),
  });
}

/**
 * The catalog, for a page about something in it: when the copy at hand lacks it (a season
 * added on air since the copy was read), the catalog is read afresh once before `missing`
 * says it is not there.
 */
export function useCatalogFinding(has: (catalog: Catalog) => boolean) {
  const catalog = useCatalog();
  const queryClient = useQueryClient();
  const lacks = catalog.isSuccess && !has(catalog.data);
  const [rechecked, setRechecked] = useState<Catalog | null>(null);
  const done = rechecked !== null && rechecked === catalog.data;
  useEffect(() => {
    if (!lacks || done) return;
    let live = true;
    fetchCatalog(undefined, true)
      .then((fresh) => {
        if (!live) return;
        // What the query holds after: the same object as before when nothing changed (structural sharing).
        setRechecked(queryClient.setQueryData<Catalog>(queryKeys.catalog, fresh) ?? fresh);
      })
      .catch(() => {
        if (live && catalog.data) setRechecked(catalog.data);
      });
    return () => {
      live = false;
    };
  }, [lacks, done, queryClient, catalog.data]);
  return { catalog, missing: lacks && done };
}
