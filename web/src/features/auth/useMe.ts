import { useQuery } from '@tanstack/react-query';
import { apiBase } from '../../api/client';

/** The signed-in user, as GET /api/me answers it. */
export interface Me {
  id: string;
  displayName: string;
  email: string;
  idolsFound: number;
}

export const meQueryKey = ['me'] as const;

function isMe(value: unknown): value is Me {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.displayName === 'string';
}

/**
 * Asks the server who is signed in. 200 gives the user; any other answer (401 when signed
 * out, 404 while accounts do not exist yet, a network error) means signed out.
 * TODO: switch to the typed client once /api/me is in api/openapi.yaml.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const response = await globalThis.fetch(`${apiBase}/api/me`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (response.status !== 200) return null;
    const body: unknown = await response.json();
    if (!isMe(body)) return null;
    return {
      id: body.id,
      displayName: body.displayName,
      email: typeof body.email === 'string' ? body.email : '',
      idolsFound: typeof body.idolsFound === 'number' ? body.idolsFound : 0,
    };
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
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isSignedIn: user !== null };
}
