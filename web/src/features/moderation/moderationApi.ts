import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { MESSAGES } from '../../api/contract';

export type ReportInput = components['schemas']['ReportInput'];
export type ReportReason = ReportInput['reason'];
export type ReportTarget = components['schemas']['ReportTarget'];
export type ReportStatus = ReportTarget['status'];
export type ModerationAction = components['schemas']['ModerationAction'];
export type ModerationActionInput = components['schemas']['ModerationActionInput'];
export type BlockedUser = components['schemas']['BlockedUser'];

export const REPORT_FAILED = MESSAGES.reportFailed;
export const BLOCK_FAILED = MESSAGES.blockFailed;
export const QUEUE_FAILED = MESSAGES.moderationQueueFailed;
export const ACTION_FAILED = MESSAGES.moderationActionFailed;

/** The reasons a fan can give, in the order the dialog offers them. */
export const REASONS: { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'spoiler', label: 'Spoilers without the tag' },
  { value: 'other', label: 'Other' },
];

export const REPORT_TEXT_MAX = 500;

export function sendReport(body: ReportInput): Promise<void> {
  return request(() => api.POST('/api/reports', { body }), REPORT_FAILED);
}

/** Everything a block or unblock changes for the blocker: pages they read and their list of blocks. */
function refreshAfterBlock(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.blocks });
  void queryClient.invalidateQueries({ queryKey: queryKeys.user(userId).all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.commentsAll });
  void queryClient.invalidateQueries({ queryKey: queryKeys.inbox });
  void queryClient.invalidateQueries({ queryKey: queryKeys.global.all });
}

/** Blocks (block true) or unblocks a user. */
export function useSetBlocked(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      block
        ? request(() => api.PUT('/api/me/blocks/{userId}', { params: { path: { userId } } }), BLOCK_FAILED)
        : request(() => api.DELETE('/api/me/blocks/{userId}', { params: { path: { userId } } }), BLOCK_FAILED),
    onSuccess: () => refreshAfterBlock(queryClient, userId),
  });
}

export function useMyBlocks() {
  return useQuery({
    queryKey: queryKeys.moderation.blocks,
    queryFn: ({ signal }) => request(() => api.GET('/api/me/blocks', { signal }), MESSAGES.blocksFailed),
  });
}

export function useModerationQueue(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: queryKeys.moderation.queue(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(() => api.GET('/api/moderation/reports', { params: { query: { status, ...(pageParam ? { cursor: pageParam } : {}) } }, signal }), QUEUE_FAILED),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: queryKeys.moderation.log,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(() => api.GET('/api/moderation/actions', { params: { query: pageParam ? { cursor: pageParam } : {} }, signal }), QUEUE_FAILED),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** Applies an action to a reported target; the queue's tabs and log are read again after. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionInput) => request(() => api.POST('/api/moderation/actions', { body }), ACTION_FAILED),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.commentsAll });
    },
  });
}

/** The request fields that name a target, for a report or a moderation action. */
export function targetFields(t: Pick<ReportTarget, 'targetType' | 'userId' | 'listId' | 'commentId'>) {
  return t.targetType === 'list' ? { targetType: t.targetType, userId: t.userId, listId: t.listId } : { targetType: t.targetType, commentId: t.commentId };
}
