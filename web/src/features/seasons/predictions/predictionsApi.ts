import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';
import { useWatching } from '../../../lib/watching';

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

/*
 * The spoiler shield: a fan behind on the season gets scores as of their episode and no
 * leaderboard (the answer's `shield` says so) until they reveal them, for this page's life.
 * Signed in, the server reads their stored progress; signed out, the app sends its own.
 */
const revealed = new Set<string>();
const revealListeners = new Set<() => void>();

/** Shows seasonId's scores and leaderboards whole despite the shield. */
export function revealPredictions(seasonId: string): void {
  revealed.add(seasonId);
  revealListeners.forEach((fn) => fn());
}

/** The shield's part of a prediction read: its query and its place in the query key. */
function useShieldQuery(seasonId: string) {
  const watching = useWatching();
  const all = useSyncExternalStore(
    (fn) => {
      revealListeners.add(fn);
      return () => revealListeners.delete(fn);
    },
    () => revealed.has(seasonId),
  );
  const upTo = watching.progress[seasonId];
  const query: { upTo?: number; reveal?: string } = {};
  if (upTo !== undefined && !watching.signedIn) query.upTo = upTo;
  if (upTo !== undefined && all) query.reveal = 'all';
  return { query, key: [upTo ?? -1, all] as const, pending: watching.pending };
}

/**
 * The signed-in fan's prediction page of a season. While the game has boots the kept score
 * has not counted yet (the scorer works off the moderator's request), it is read again
 * each second until it has.
 */
export function useMyPrediction(seasonId: string, enabled: boolean, boots: number) {
  const shield = useShieldQuery(seasonId);
  return useQuery({
    queryKey: [...predictionKeys.mine(seasonId), ...shield.key],
    queryFn: ({ signal }) =>
      request(() => api.GET('/api/seasons/{seasonId}/prediction', { params: { path: { seasonId }, query: shield.query }, signal }), PREDICTION_ERROR),
    enabled: enabled && !shield.pending,
    retry: retryRead(1, notFound),
    refetchInterval: (q) => (scoring(q.state.data, boots) ? 1000 : false),
  });
}

/**
 * Whether view's score has yet to count the game's boots. Not when the shield is on: a score
 * it cut counts fewer on purpose, and one revealed counts more than the fan's cut game has.
 */
export function scoring(view: PredictionView | undefined, boots: number): boolean {
  return !!view?.entry && !view.shield && !revealed.has(view.seasonId) && view.entry.score.boots !== boots;
}

/** A season's leaderboard: everyone's (shared) or the fan's and those they follow. */
export function usePredictionBoard(seasonId: string, following: boolean, boots: number) {
  const shield = useShieldQuery(seasonId);
  const params = { path: { seasonId }, query: shield.query };
  return useQuery({
    queryKey: [...predictionKeys.board(seasonId, following), boots, ...shield.key],
    queryFn: ({ signal }) =>
      following
        ? request(() => api.GET('/api/seasons/{seasonId}/predictions/following', { params, signal }), PREDICTION_ERROR)
        : request(() => api.GET('/api/seasons/{seasonId}/predictions', { params, signal }), PREDICTION_ERROR),
    enabled: !shield.pending,
    retry: retryRead(1, notFound),
    refetchInterval: (q) => (q.state.data && !revealed.has(seasonId) && q.state.data.entries.some((e) => e.score.boots !== boots) ? 2000 : false),
  });
}

/** Saves the fan's prediction (the cast's ids, the winner first). */
export function useSavePrediction(seasonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) =>
      request(() => api.PUT('/api/seasons/{seasonId}/prediction', { params: { path: { seasonId } }, body: { order } }), MESSAGES.predictionSaveFailed),
    onSuccess: (view) => {
      client.setQueriesData({ queryKey: predictionKeys.mine(seasonId) }, view);
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
    onSuccess: (view) => client.setQueriesData({ queryKey: predictionKeys.mine(seasonId) }, view),
  });
}

/** Where a prediction's "I called it" image is. */
export function shareImagePath(seasonId: string, userId: string): string {
  return `/api/seasons/${encodeURIComponent(seasonId)}/predictions/${encodeURIComponent(userId)}/share.png`;
}
