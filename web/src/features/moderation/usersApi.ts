import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { MESSAGES } from '../../api/contract';

export type ModerationUser = components['schemas']['ModerationUser'];
export type ModerationUserCase = components['schemas']['ModerationUserCase'];
export type SuspensionInput = components['schemas']['SuspensionInput'];

export const USERS_FAILED = MESSAGES.accountsFailed;
export const USER_FAILED = MESSAGES.accountLoadFailed;
export const SUSPEND_FAILED = MESSAGES.suspendFailed;
export const RESTORE_FAILED = MESSAGES.restoreFailed;
export const SUSPENSION_REASON_MAX = 500;

/** Accounts whose name starts with query, or with exactly that address; every account for ''. */
export function useUserSearch(query: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.moderation.users(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(
        () => api.GET('/api/moderation/users', { params: { query: { ...(query ? { q: query } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }, signal }),
        USERS_FAILED,
      ),
    getNextPageParam: (last) => last.nextCursor ?? null,
    placeholderData: keepPreviousData,
  });
}

export function useUserCase(userId: string) {
  return useQuery({
    queryKey: queryKeys.moderation.user(userId),
    queryFn: ({ signal }) => request(() => api.GET('/api/moderation/users/{userId}', { params: { path: { userId } }, signal }), USER_FAILED),
  });
}

/** Suspends (a body) or restores (null) the account; what it changes is read again after. */
export function useSetSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspensionInput | null) => {
      const params = { path: { userId } };
      return body
        ? request(() => api.POST('/api/moderation/users/{userId}/suspension', { params, body }), SUSPEND_FAILED)
        : request(() => api.DELETE('/api/moderation/users/{userId}/suspension', { params }), RESTORE_FAILED);
    },
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.moderation.user(userId), account);
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.commentsAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(userId).all });
    },
  });
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "3 December 2026": an end date as the server words it (UTC). */
export function formatEndDate(iso: string): string {
  return DATE.format(new Date(iso));
}
