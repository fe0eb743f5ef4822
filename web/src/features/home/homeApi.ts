import { useQuery } from '@tanstack/react-query';
import { api, toApiError } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { useMe } from '../auth/useMe';

export type HomeLists = components['schemas']['HomeLists'];

export const HOME_ERROR = 'Failed to load lists. Please try again later.';

/** Everything the home page shows, in one request. Keyed by who is signed in (favorites differ). */
export function homeQueryKey(userId: string | null) {
  return ['home', userId] as const;
}

export async function fetchHome(signal?: AbortSignal): Promise<HomeLists> {
  const { data, error, response } = await api.GET('/api/home', { signal });
  if (data === undefined) throw toApiError(response, error, HOME_ERROR);
  return data;
}

export function useHomeLists() {
  const { user, isLoading } = useMe();
  return useQuery({
    queryKey: homeQueryKey(user?.id ?? null),
    queryFn: ({ signal }) => fetchHome(signal),
    // Wait for the session so the page asks once, with the right favorites.
    enabled: !isLoading,
    // Votes and favorites change elsewhere: show the cached page at once, then refresh it.
    staleTime: 0,
  });
}
