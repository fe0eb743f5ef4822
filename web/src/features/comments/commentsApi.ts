import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { LIMITS, MESSAGES } from '../../api/contract';
import type { components } from '../../api/schema.gen';

export type Comment = components['schemas']['Comment'];
export type VoteValue = components['schemas']['CommentVote']['value'];

export const MAX_COMMENT_LENGTH = LIMITS.commentText;
export const EMPTY_COMMENT = MESSAGES.commentEmpty;
export const ADD_ERROR = MESSAGES.commentFailed;
export const VOTE_ERROR = MESSAGES.commentVoteFailed;
export const DELETE_ERROR = MESSAGES.commentDeleteFailed;
export const LOAD_ERROR = MESSAGES.commentsFailed;
export const DELETE_CONFIRM = MESSAGES.commentDeleteConfirm;

/** One page of a thread: top-level comments (newest first) with their replies, and where the next page starts. */
export interface CommentPage {
  comments: Comment[];
  nextCursor: string | null;
}

/** A thread as cached: the pages loaded so far ("Load more" adds one). */
export type CommentThread = InfiniteData<CommentPage, string | null>;

export async function fetchCommentPage(listUserId: string, listId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentPage> {
  let nextCursor: string | null = null;
  const comments = await request(async () => {
    const res = await api.GET('/api/lists/{userId}/{listId}/comments', {
      params: { path: { userId: listUserId, listId }, query: cursor ? { cursor } : {} },
      signal,
    });
    nextCursor = res.response.headers.get('X-Next-Cursor');
    return res;
  }, LOAD_ERROR);
  return { comments, nextCursor };
}

/** A global poll's Discussion, a page at a time (the same paging as a list's thread). */
export async function fetchPollCommentPage(pollId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentPage> {
  let nextCursor: string | null = null;
  const comments = await request(async () => {
    const res = await api.GET('/api/global-rankings/{pollId}/comments', {
      // The server reads ?cursor= on every thread; the contract does not list it for polls.
      params: { path: { pollId }, ...(cursor ? { query: { cursor } as never } : {}) },
      signal,
    });
    nextCursor = res.response.headers.get('X-Next-Cursor');
    return res;
  }, LOAD_ERROR);
  return { comments, nextCursor };
}

/**
 * Where a thread lives: a list's comments or a global poll's Discussion. The thread's reads,
 * posts and cache key differ; votes and deletes use the same /api/comments/{id} endpoints.
 */
export interface ThreadSource {
  key: readonly unknown[];
  /** The list's owner (their comments get the "List author" badge); '' for a poll. */
  ownerId: string;
  fetchPage: (cursor: string | null, signal?: AbortSignal) => Promise<CommentPage>;
  post: (text: string, parentId: string | null) => Promise<Comment>;
  /** Other cached reads a new comment changes (a list's comment count). */
  related: readonly (readonly unknown[])[];
  /** The failure text of a comment vote. */
  voteError: string;
}

export function listThread(listUserId: string, listId: string): ThreadSource {
  return {
    key: queryKeys.comments(listUserId, listId),
    ownerId: listUserId,
    fetchPage: (cursor, signal) => fetchCommentPage(listUserId, listId, cursor, signal),
    post: (text, parentId) => postComment(listUserId, listId, text, parentId),
    related: [queryKeys.lists.detail(listUserId, listId)],
    voteError: VOTE_ERROR,
  };
}

export const POLL_VOTE_ERROR = MESSAGES.pollCommentVoteFailed;

export function pollThread(pollId: string): ThreadSource {
  return {
    key: queryKeys.global.comments(pollId),
    ownerId: '',
    fetchPage: (cursor, signal) => fetchPollCommentPage(pollId, cursor, signal),
    post: (text, parentId) =>
      request(() => api.POST('/api/global-rankings/{pollId}/comments', { params: { path: { pollId } }, body: parentId ? { text, parentId } : { text } }), ADD_ERROR),
    related: [],
    voteError: POLL_VOTE_ERROR,
  };
}

/** Every comment loaded so far, in thread order. */
export function threadComments(thread: CommentThread | undefined): Comment[] | undefined {
  return thread?.pages.flatMap((p) => p.comments);
}

/** Rewrites the cached thread page by page (a comment and its replies sit on one page). */
export function updateThread(queryClient: QueryClient, key: readonly unknown[], fn: (comments: Comment[], pageIndex: number) => Comment[]) {
  queryClient.setQueryData<CommentThread>(key, (old) => (old ? { ...old, pages: old.pages.map((p, i) => ({ ...p, comments: fn(p.comments, i) })) } : old));
}

export function postComment(listUserId: string, listId: string, text: string, parentId: string | null): Promise<Comment> {
  return request(
    () => api.POST('/api/lists/{userId}/{listId}/comments', { params: { path: { userId: listUserId, listId } }, body: parentId ? { text, parentId } : { text } }),
    ADD_ERROR,
  );
}

export function voteOnComment(commentId: string, value: VoteValue, failure: string = VOTE_ERROR): Promise<Comment> {
  return request(() => api.PUT('/api/comments/{commentId}/vote', { params: { path: { commentId } }, body: { value } }), failure);
}

export async function deleteComment(commentId: string): Promise<void> {
  await request(() => api.DELETE('/api/comments/{commentId}', { params: { path: { commentId } } }), DELETE_ERROR);
}

/** Posts a comment or reply on a thread and puts it in the cached thread. */
export function useAddComment(thread: ThreadSource) {
  const queryClient = useQueryClient();
  const { key } = thread;
  return useMutation({
    mutationFn: ({ text, parentId }: { text: string; parentId: string | null }) => thread.post(text, parentId),
    onSuccess: (added) => {
      // A new top-level comment is the newest: it goes on the first page; a reply joins its parent's page.
      updateThread(queryClient, key, (comments, i) => (added.parentId || i === 0 ? insertComment(comments, added) : comments));
      void queryClient.invalidateQueries({ queryKey: key });
      for (const k of thread.related) void queryClient.invalidateQueries({ queryKey: k });
    },
  });
}

/** The vote to send when the user presses `pressed` while holding `current`: repeating a vote removes it. */
export function nextVote(current: number, pressed: 1 | -1): VoteValue {
  return current === pressed ? 0 : pressed;
}

/** A comment's counts after the user's vote changes from its myVote to `value`. */
export function applyVote(c: Comment, value: VoteValue): Comment {
  const upvotes = c.upvotes - (c.myVote === 1 ? 1 : 0) + (value === 1 ? 1 : 0);
  const downvotes = c.downvotes - (c.myVote === -1 ? 1 : 0) + (value === -1 ? 1 : 0);
  return { ...c, upvotes, downvotes, score: upvotes - downvotes, myVote: value };
}

/** Applies `fn` to the comment with this id, wherever it sits in the thread. */
export function mapComment(list: Comment[], id: string, fn: (c: Comment) => Comment): Comment[] {
  return list.map((c) => {
    if (c.id === id) return fn(c);
    if (c.replies?.some((r) => r.id === id)) {
      return { ...c, replies: c.replies.map((r) => (r.id === id ? fn(r) : r)) };
    }
    return c;
  });
}

export function removeComment(list: Comment[], id: string): Comment[] {
  return list.filter((c) => c.id !== id).map((c) => (c.replies?.some((r) => r.id === id) ? { ...c, replies: c.replies.filter((r) => r.id !== id) } : c));
}

export function insertComment(list: Comment[], added: Comment): Comment[] {
  if (list.some((c) => c.id === added.id || c.replies?.some((r) => r.id === added.id))) return list;
  if (!added.parentId) return [{ ...added, replies: [] }, ...list];
  // A reply whose parent is on another page leaves this page alone.
  return list.map((c) => (c.id === added.parentId ? { ...c, replies: [...(c.replies ?? []), added] } : c));
}

export function countComments(list: Comment[]): number {
  return list.reduce((n, c) => n + 1 + (c.replies?.length ?? 0), 0);
}

export function authorName(c: { userName: string }): string {
  return c.userName.trim() === '' ? 'Anonymous' : c.userName;
}
