import { useQuery } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';

export type GamePerson = components['schemas']['GamePerson'];
export type GameCastaway = components['schemas']['GameCastaway'];
export type GameTotals = components['schemas']['GameTotals'];

export const GAME_ERROR = MESSAGES.gameFailed;

/** Whether a failed read says the castaway has no game data (a person the data set lacks). */
export const isNoGame = (err: unknown) => err instanceof ApiError && err.status === 404;

/** A castaway's real game, season by season and in total. */
export function useCastawayGame(contestantId: string) {
  return useQuery({
    queryKey: queryKeys.game.castaway(contestantId),
    queryFn: ({ signal }) =>
      request(() => api.GET('/api/contestants/{contestantId}/game', { params: { path: { contestantId } }, signal }), GAME_ERROR).then(
        (p): GamePerson => ({ ...p, seasons: p.seasons ?? [] }),
      ),
    staleTime: 10 * 60 * 1000,
    retry: retryRead(1, isNoGame),
  });
}
