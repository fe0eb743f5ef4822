import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';

export type PredictionView = components['schemas']['PredictionView'];
export type PredictionBoard = components['schemas']['PredictionBoard'];
export type PredictionScore = components['schemas']['PredictionScore'];

export const PREDICTION_ERROR = MESSAGES.predictionFailed;

/** The query keys of a season's predictions: the fan's own page and the two boards. */
export const predictionKeys = {
  all: (seasonId: string) => ['predictions', seasonId] as const,
  mine: (seasonId: string) => ['predictions', seasonId, 'mine'] as const,
  board: (seasonId: string, following: boolean) => ['predictions', seasonId, following ? 'following' : 'everyone'] as const,
};

const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 401);

/**
 * The signed-in fan's prediction page of a season. While the game has boots the kept score
 * has not counted yet (the scorer works off the moderator's request), it is read again
 * each second until it has.
 */
export function useMyPrediction(seasonId: string, enabled: boolean, boots: number) {
  return useQuery({
    queryKey: predictionKeys.mine(seasonId),
    queryFn: ({ signal }) =>
      request(() => api.GET('/api/seasons/{seasonId}/prediction', { params: { path: { seasonId } }, signal }), PREDICTION_ERROR),
    enabled,
    retry: retryRead(1, notFound),
    refetchInterval: (q) => (scoring(q.state.data, boots) ? 1000 : false),
  });
}

/** Whether view's score has yet to count the game's boots. */
export function scoring(view: PredictionView | undefined, boots: number): boolean {
  return !!view?.entry && view.entry.score.boots !== boots;
}

/** A season's leaderboard: everyone's (shared) or the fan's and those they follow. */
export function usePredictionBoard(seasonId: string, following: boolean, boots: number) {
  return useQuery({
    queryKey: [...predictionKeys.board(seasonId, following), boots],
    queryFn: ({ signal }) =>
      following
        ? request(() => api.GET('/api/seasons/{seasonId}/predictions/following', { params: { path: { seasonId } }, signal }), PREDICTION_ERROR)
        : request(() => api.GET('/api/seasons/{seasonId}/predictions', { params: { path: { seasonId } }, signal }), PREDICTION_ERROR),
    retry: retryRead(1, notFound),
    refetchInterval: (q) => (q.state.data && q.state.data.entries.some((e) => e.score.boots !== boots) ? 2000 : false),
  });
}

/** Saves the fan's prediction (the cast's ids, the winner first). */
export function useSavePrediction(seasonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) =>
      request(() => api.PUT('/api/seasons/{seasonId}/prediction', { params: { path: { seasonId } }, body: { order } }), MESSAGES.predictionSaveFailed),
    onSuccess: (view) => {
      client.setQueryData(predictionKeys.mine(seasonId), view);
      void client.invalidateQueries({ queryKey: ['predictions', seasonId, 'everyone'] });
    },
  });
}

/** Saves the fan's pick of who goes home in an episode. */
export function useSavePick(seasonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ episode, castaway }: { episode: number; castaway: string }) =>
      request(
        () => api.PUT('/api/seasons/{seasonId}/picks/{episode}', { params: { path: { seasonId, episode } }, body: { castaway } }),
        MESSAGES.predictionSaveFailed,
      ),
    onSuccess: (view) => client.setQueryData(predictionKeys.mine(seasonId), view),
  });
}

/** Where a prediction's "I called it" image is. */
export function shareImagePath(seasonId: string, userId: string): string {
  return `/api/seasons/${encodeURIComponent(seasonId)}/predictions/${encodeURIComponent(userId)}/share.png`;
}
