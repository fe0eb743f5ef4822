import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { MESSAGES } from '../../api/contract';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';

export type FeedPage = components['schemas']['FeedPage'];

export const FOLLOW_FAILED = MESSAGES.followFailed;
export const FEED_FAILED = MESSAGES.feedFailed;

/** How many lists home shows from the fans a reader follows. */
export const PREVIEW_SIZE = 3;

export function fetchFeed(cursor: string | null, limit: number | undefined, signal?: AbortSignal): Promise<FeedPage> {
  const query = { ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) };
  return request(() => api.GET('/api/feed', { params: { query }, signal }), FEED_FAILED);
}

/** The newest few lists from the fans the signed-in reader follows (home's section). */
export function useFeedPreview(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.feed.preview,
    queryFn: ({ signal }) => fetchFeed(null, PREVIEW_SIZE, signal),
    enabled,
    staleTime: 0,
  });
}

/** The feed page, a page at a time. */
export function useFeed() {
  return useInfiniteQuery({
    queryKey: queryKeys.feed.pages,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchFeed(pageParam, undefined, signal),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** Whether the signed-in reader follows userId, from that user's profile (the page's own query); '' asks nothing. */
export function useFollowing(userId: string) {
  return useQuery({
    enabled: userId !== '',
    queryKey: queryKeys.user(userId).profile,
    queryFn: ({ signal }) => request(() => api.GET('/api/users/{userId}', { params: { path: { userId } }, signal }), MESSAGES.profileFailed),
    select: (p) => p.followedByMe === true,
  });
}

/** Follows (true) or unfollows a fan; their page, the reader's own counts and the feed are read again. */
export function useSetFollowing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? request(() => api.PUT('/api/me/following/{userId}', { params: { path: { userId } } }), FOLLOW_FAILED)
        : request(() => api.DELETE('/api/me/following/{userId}', { params: { path: { userId } } }), FOLLOW_FAILED),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
