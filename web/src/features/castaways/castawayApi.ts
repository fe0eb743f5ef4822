import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { MESSAGES } from '../../api/contract';

export type Castaway = components['schemas']['Castaway'];
export type CastawayPlace = components['schemas']['CastawayPlace'];

export const CASTAWAY_ERROR = MESSAGES.castawayFailed;

/**
 * A castaway's page; each further page adds the next lists that rank them. watching is a
 * visitor's progress ('s20:3,s40:0'; a signed-in fan's is the server's), so that seasons the
 * shield withholds never reach the browser; reveal the seasons to show whole ('s20', 'all').
 */
export function useCastaway(contestantId: string, shield: { watching?: string; reveal?: string; enabled?: boolean } = {}) {
  const { watching = '', reveal = '', enabled = true } = shield;
  const plain = watching === '' && reveal === '';
  return useInfiniteQuery({
    enabled,
    queryKey: plain ? queryKeys.castaway(contestantId) : [...queryKeys.castaway(contestantId), watching, reveal],
    queryFn: ({ pageParam, signal }) => {
      const query: { cursor?: string; watching?: string; reveal?: string } = {};
      if (pageParam !== null) query.cursor = pageParam;
      if (watching !== '') query.watching = watching;
      if (reveal !== '') query.reveal = reveal;
      return request(() => api.GET('/api/contestants/{contestantId}', { params: { path: { contestantId }, query }, signal }), CASTAWAY_ERROR);
    },
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === contestantId ? previous : undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    retry: retryRead(1, (err) => err instanceof ApiError && err.status === 404),
  });
}
