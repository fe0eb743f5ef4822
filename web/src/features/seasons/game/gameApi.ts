import { useQuery } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';

export type GameSeason = components['schemas']['GameSeason'];
export type GameCastaway = components['schemas']['GameCastaway'];
export type GameCouncil = components['schemas']['GameCouncil'];
export type GameVote = GameCouncil['votes'][number];
export type GameAdvantage = components['schemas']['GameAdvantage'];
export type GamePhase = components['schemas']['GamePhase'];

export const GAME_ERROR = MESSAGES.gameFailed;

/** What happened in a season: the same for everyone, and it does not change while a page is open. */
export function useSeasonGame(seasonId: string) {
  return useQuery({
    queryKey: queryKeys.game.season(seasonId),
    queryFn: ({ signal }) =>
      request(() => api.GET('/api/seasons/{seasonId}/game', { params: { path: { seasonId } }, signal }), GAME_ERROR),
    staleTime: 10 * 60 * 1000,
    retry: retryRead(1, (err) => err instanceof ApiError && err.status === 404),
  });
}
