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

/**
 * A castaway's real game, season by season and in total, as the fan may see it: watching is
 * a visitor's progress in their seasons ('s20:3,s40:0'; a signed-in fan's is the server's),
 * reveal the seasons to show whole ('s20', 'all').
 */
export function useCastawayGame(contestantId: string, shield: { watching?: string; reveal?: string; enabled?: boolean } = {}) {
  const { watching = '', reveal = '', enabled = true } = shield;
  const plain = watching === '' && reveal === '';
  return useQuery({
    enabled,
    queryKey: plain ? queryKeys.game.castaway(contestantId) : [...queryKeys.game.castaway(contestantId), watching, reveal],
    queryFn: ({ signal }) => {
      const query: { watching?: string; reveal?: string } = {};
      if (watching !== '') query.watching = watching;
      if (reveal !== '') query.reveal = reveal;
      return request(() => api.GET('/api/contestants/{contestantId}/game', { params: { path: { contestantId }, query }, signal }), GAME_ERROR).then(
        (p): GamePerson => ({ ...p, seasons: p.seasons ?? [] }),
      );
    },
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === contestantId ? previous : undefined),
    staleTime: 10 * 60 * 1000,
    retry: retryRead(1, isNoGame),
  });
}
