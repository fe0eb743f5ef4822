import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

/** The signed-in user, as GET /api/me answers it. */
export interface Me {
  id: string;
  displayName: string;
  email: string;
  idolsFound: number;
}

/**
 * Asks the server who is signed in. 200 gives the user; any other answer (401 when signed
 * out, a network error) means signed out.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const data = await request(() => api.GET('/api/me', { signal, headers: { Accept: 'application/json' } }), 'Not signed in.');
    if (typeof data?.id !== 'string') return null;
    return { id: data.id, displayName: data.displayName, email: data.email ?? '', idolsFound: data.idolsFound ?? 0 };
  } catch (err) {
    if (signal?.aborted) throw err;
    return null;
  }
}

export interface Session {
  user: Me | null;
  isLoading: boolean;
  isSignedIn: boolean;
}

/** The single source of truth for "who is signed in". */
export function useMe(): Session {
  const query = useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isSignedIn: user !== null };
}
