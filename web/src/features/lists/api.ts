import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../api/client';
import { LIMITS, MESSAGES } from '../../api/contract';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';

export type RankedList = components['schemas']['RankedList'];
export type ListItem = components['schemas']['ListItem'];
export type Tier = components['schemas']['Tier'];
export type ListItemInput = components['schemas']['ListItemInput'];
export type ListInput = components['schemas']['ListInput'];
export type ListSummary = components['schemas']['ListSummary'];
export type Draft = components['schemas']['Draft'];
export type DraftInput = components['schemas']['DraftInput'];
export type PublicProfile = components['schemas']['PublicProfile'];

export const NAME_MAX = LIMITS.listName;
export const DESCRIPTION_MAX = LIMITS.listDescription;
export const NOTE_MAX = LIMITS.itemNote;

export const SAVE_ERROR = MESSAGES.listSaveFailed;
export const DELETE_ERROR = MESSAGES.listDeleteFailed;
export const UPVOTE_ERROR = MESSAGES.upvoteFailed;
export const FAVORITE_ERROR = MESSAGES.favoriteFailed;

/** A list's entries, best first: a tier list's tier by tier, as the server sends them only in its tiers (its contestants are empty). */
export function listEntries(list: Pick<RankedList, 'format' | 'contestants' | 'tiers'>): ListItem[] {
  return list.format === 'tiers' ? (list.tiers ?? []).flatMap((t) => t.contestants) : list.contestants;
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

export function fetchList(userId: string, listId: string, signal?: AbortSignal): Promise<RankedList> {
  return request(() => api.GET('/api/lists/{userId}/{listId}', { params: { path: { userId, listId } }, signal }), MESSAGES.listLoadFailed);
}

/** One list, as its page and the creator's edit mode read it. */
export function useList(userId: string, listId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.lists.detail(userId, listId),
    queryFn: ({ signal }) => fetchList(userId, listId, signal),
    enabled: enabled && userId !== '' && listId !== '',
    retry: false,
  });
}

export async function fetchUserLists(userId: string, signal?: AbortSignal): Promise<ListSummary[]> {
  const page = await request(() => api.GET('/api/users/{userId}/lists', { params: { path: { userId } }, signal }), MESSAGES.userListsFailed);
  return page.lists;
}

const retryUnlessNotFound = retryRead(1, isNotFound);

/** A user's lists: My Lists and the user's rankings page share this one cache entry. */
export function useUserLists(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.user(userId ?? '').lists,
    queryFn: ({ signal }) => fetchUserLists(userId ?? '', signal),
    enabled: userId !== undefined && userId !== '',
    retry: retryUnlessNotFound,
  });
}

export function useUserProfile(userId: string) {
  return useQuery({
    queryKey: queryKeys.user(userId).profile,
    queryFn: ({ signal }) => request(() => api.GET('/api/users/{userId}', { params: { path: { userId } }, signal }), MESSAGES.profileFailed),
    retry: retryUnlessNotFound,
  });
}

/** The signed-in user's draft, or null when there is none (204). */
export async function fetchDraft(signal?: AbortSignal): Promise<Draft | null> {
  const draft = await request(() => api.GET('/api/me/draft', { signal }), MESSAGES.draftLoadFailed);
  return draft ?? null;
}

export function useDraft(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.draft, queryFn: ({ signal }) => fetchDraft(signal), enabled, retry: false, staleTime: 0 });
}

export function toItemInput(item: { id: string; isSeason: boolean; seasonId?: string; note?: string }): ListItemInput {
  const base: ListItemInput = item.isSeason ? { id: item.id, isSeason: true } : { id: item.id, isSeason: false, seasonId: item.seasonId };
  const note = item.note?.trim() ?? '';
  return note === '' ? base : { ...base, note };
}

/** What a new or changed list changes: its owner's lists and profile count, home and browse. */
function invalidateListings(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.user(userId).all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.lists.browseAll });
}

/** Creates a list (editingListId null) or saves changes to one; the answer is the saved list. */
export function useSaveList(userId: string, editingListId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListInput) => {
      if (editingListId === null) return request(() => api.POST('/api/lists', { body }), SAVE_ERROR);
      const params = { path: { userId, listId: editingListId } };
      return request(() => api.PUT('/api/lists/{userId}/{listId}', { params, body }), SAVE_ERROR);
    },
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.lists.detail(list.userId, list.id), list);
      if (editingListId === null) queryClient.setQueryData<Draft | null>(queryKeys.draft, null);
      invalidateListings(queryClient, list.userId);
      if (list.remixOf) {
        // The original's remix count and remixes.
        void queryClient.invalidateQueries({ queryKey: queryKeys.lists.detail(list.remixOf.userId, list.remixOf.listId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.lists.remixes(list.remixOf.userId, list.remixOf.listId) });
      }
    },
  });
}

/** Deletes one of the signed-in user's lists. */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (list: { userId: string; id: string }) => {
      await request(() => api.DELETE('/api/lists/{userId}/{listId}', { params: { path: { userId: list.userId, listId: list.id } } }), DELETE_ERROR);
    },
    onSuccess: (_none, list) => {
      queryClient.setQueryData<ListSummary[]>(queryKeys.user(list.userId).lists, (old) => old?.filter((l) => l.id !== list.id));
      queryClient.removeQueries({ queryKey: queryKeys.lists.detail(list.userId, list.id) });
      queryClient.removeQueries({ queryKey: queryKeys.comments(list.userId, list.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(list.userId).profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.browseAll });
    },
  });
}

/** Keeps the creator's work on the server (PUT /api/me/draft); a late answer is cached only while `current()`. */
export function useSaveDraft(current: () => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DraftInput) => request(() => api.PUT('/api/me/draft', { body }), MESSAGES.draftSaveFailed),
    onSuccess: (draft) => {
      if (current()) queryClient.setQueryData<Draft | null>(queryKeys.draft, draft);
    },
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(() => api.DELETE('/api/me/draft'), MESSAGES.draftClearFailed),
    onMutate: () => queryClient.setQueryData<Draft | null>(queryKeys.draft, null),
  });
}

type ListPath = { userId: string; listId: string };

function patchList(queryClient: QueryClient, path: ListPath, patch: Partial<RankedList>) {
  queryClient.setQueryData<RankedList>(queryKeys.lists.detail(path.userId, path.listId), (old) => (old ? { ...old, ...patch } : old));
}

/** Adds or removes the signed-in user's upvote; the answer carries the new count. */
export function useUpvote(path: ListPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upvote: boolean) => {
      const opts = { params: { path } };
      return request(() => (upvote ? api.PUT('/api/lists/{userId}/{listId}/upvote', opts) : api.DELETE('/api/lists/{userId}/{listId}/upvote', opts)), UPVOTE_ERROR);
    },
    onSuccess: (state) => {
      patchList(queryClient, path, { upvoteCount: state.upvoteCount, upvotedByMe: state.upvoted });
      void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.browseAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(path.userId).lists });
    },
  });
}

/** Adds or removes the list from the signed-in user's favorites (shown on home). */
export function useFavorite(path: ListPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => {
      const opts = { params: { path } };
      return request(() => (favorite ? api.PUT('/api/lists/{userId}/{listId}/favorite', opts) : api.DELETE('/api/lists/{userId}/{listId}/favorite', opts)), FAVORITE_ERROR);
    },
    onSuccess: (state) => {
      patchList(queryClient, path, { favoritedByMe: state.favorited });
      void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    },
  });
}

/** 'Jun 5, 2025' style, in the reader's locale. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
