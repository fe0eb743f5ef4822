import { useQuery } from '@tanstack/react-query';
import { api, toApiError, type Catalog } from './client';

export const catalogQueryKey = ['catalog', 'seasons'] as const;

export async function fetchCatalog(signal?: AbortSignal): Promise<Catalog> {
  const { data, error, response } = await api.GET('/api/catalog/seasons', { signal });
  if (data === undefined) {
    throw toApiError(response, error, 'Failed to load seasons.');
  }
  return data;
}

/** The season catalog changes only with a new server release: keep it for the session. */
export function useCatalog() {
  return useQuery({
    queryKey: catalogQueryKey,
    queryFn: ({ signal }) => fetchCatalog(signal),
    staleTime: 60 * 60 * 1000,
    gcTime: 24 * 60 * 60 * 1000,
    retry: 1,
  });
}
