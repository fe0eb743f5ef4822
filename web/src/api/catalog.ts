import { useQuery } from '@tanstack/react-query';
import { api, request, retryRead, type Catalog } from './client';
import { queryKeys } from './queryKeys';
import { MESSAGES } from './contract';

export function fetchCatalog(signal?: AbortSignal): Promise<Catalog> {
  return request(() => api.GET('/api/catalog/seasons', { signal }), MESSAGES.seasonsFailed);
}

/** The season catalog changes only with a new server release: keep it for the session. */
export function useCatalog() {
  return useQuery({
    queryKey: queryKeys.catalog,
    queryFn: ({ signal }) => fetchCatalog(signal),
    staleTime: 60 * 60 * 1000,
    gcTime: 24 * 60 * 60 * 1000,
    retry: retryRead(1),
  });
}
