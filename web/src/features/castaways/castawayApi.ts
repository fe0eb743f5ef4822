import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { MESSAGES } from '../../api/contract';

export type Castaway = components['schemas']['Castaway'];
export type CastawayPlace = components['schemas']['CastawayPlace'];

export const CASTAWAY_ERROR = MESSAGES.castawayFailed;

/** A castaway's page; each further page adds the next lists that rank them. */
export function useCastaway(contestantId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.castaway(contestantId),
    queryFn: ({ pageParam, signal }) =>
      request(
        () =>
          api.GET('/api/contestants/{contestantId}', {
            params: { path: { contestantId }, query: pageParam === null ? {} : { cursor: pageParam } },
            signal,
          }),
        CASTAWAY_ERROR,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    retry: retryRead(1, (err) => err instanceof ApiError && err.status === 404),
  });
}
