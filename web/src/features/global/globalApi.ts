import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import type { PanelItem } from '../../lib/panelItem';
import { formatMessage, MESSAGES } from '../../api/contract';

export type GlobalPolls = components['schemas']['GlobalPolls'];
export type GlobalPollSummary = components['schemas']['GlobalPollSummary'];
export type GlobalResults = components['schemas']['GlobalResults'];
export type GlobalPoll = components['schemas']['GlobalPoll'];
export type GlobalScoredItem = components['schemas']['GlobalScoredItem'];
export type GlobalSubmission = components['schemas']['GlobalSubmission'];

/** Ten slots per ballot (spec section 9). */
export const SLOTS = 10;

export const LOAD_FAILED = MESSAGES.globalLoadFailed;
export const RELOAD_FAILED = MESSAGES.globalReloadFailed;
export const SUBMIT_FAILED = MESSAGES.ballotFailed;
export const SIGNED_OUT = MESSAGES.ballotSignedOut;
export const DATA_MISSING = MESSAGES.ballotMissing;
export const SUBMITTED = MESSAGES.ballotSubmitted;
export const NO_SEASONS = MESSAGES.ballotSeason;
export const SUBMITTED_MS = 3000;
export const ERROR_MS = 5000;

export const duplicateMessage = (name: string, position: number) => formatMessage(MESSAGES.ballotDuplicate, { name, position });
export const wrongSeasonMessage = (name: string, seasonName: string) => formatMessage(MESSAGES.ballotOtherSeason, { name, season: seasonName });

/** A ballot being edited: ten slots, each a contestant or empty. */
export type Slots = (PanelItem | null)[];

export const emptySlots = (): Slots => Array.from({ length: SLOTS }, () => null);

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

export function usePolls() {
  return useQuery({
    queryKey: queryKeys.global.polls,
    queryFn: ({ signal }) => request(() => api.GET('/api/global-rankings', { signal }), LOAD_FAILED),
  });
}

export function usePollResults(pollId: string) {
  return useQuery({
    queryKey: queryKeys.global.results(pollId),
    queryFn: ({ signal }) => request(() => api.GET('/api/global-rankings/{pollId}', { params: { path: { pollId } }, signal }), LOAD_FAILED),
    // An unknown poll is final (the page goes back to the overview); anything else is tried once more.
    retry: retryRead(1, isNotFound),
  });
}

/** The signed-in user's ballot as ten slots, or null when they have none. */
export function useMySubmission(pollId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.global.submission(pollId),
    enabled,
    queryFn: async ({ signal }): Promise<Slots | null> => {
      const sub = await request(() => api.GET('/api/global-rankings/{pollId}/submission', { params: { path: { pollId } }, signal }), LOAD_FAILED);
      if (!sub.ranking) return null;
      const slots = emptySlots();
      sub.ranking.slice(0, SLOTS).forEach((it, i) => {
        slots[i] = it ? { id: it.id, name: it.name, imageUrl: it.imageUrl, isSeason: false, seasonId: it.seasonId, seasonName: it.seasonName } : null;
      });
      return slots;
    },
  });
}

/** PUT …/submission: the ballot replaces the user's old one; the answer is the new results. */
export function useSubmitRanking(pollId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: Slots) =>
      request(
        () => api.PUT('/api/global-rankings/{pollId}/submission', { params: { path: { pollId } }, body: { ranking: slots.map((s) => s?.id ?? null) } }),
        SUBMIT_FAILED,
      ),
    onSuccess: (_results, slots) => {
      queryClient.setQueryData(queryKeys.global.submission(pollId), slots);
      void queryClient.invalidateQueries({ queryKey: queryKeys.global.polls });
    },
  });
}
