import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { useMe } from '../../lib/session';
import { MESSAGES } from '../../api/contract';

export type HomeLists = components['schemas']['HomeLists'];

export const HOME_ERROR = MESSAGES.homeFailed;

export function fetchHome(signal?: AbortSignal): Promise<HomeLists> {
  return request(() => api.GET('/api/home', { signal }), HOME_ERROR);
}

/** Everything the home page shows, in one request. Keyed by who is signed in (favorites differ). */
export function useHomeLists() {
  const { user, isLoading } = useMe();
  return useQuery({
    queryKey: queryKeys.home.forUser(user?.id ?? null),
    queryFn: ({ signal }) => fetchHome(signal),
    // Wait for the session so the page asks once, with the right favorites.
    enabled: !isLoading,
    // Other people's votes change it too: show the cached page at once, then refresh it.
    staleTime: 0,
  });
}
