import { useQuery } from '@tanstack/react-query';
import { ApiError, api, toApiError, type ApiErrorBody } from '../../api/client';
import type { components } from '../../api/schema.gen';

export type RankedList = components['schemas']['RankedList'];
export type ListItem = components['schemas']['ListItem'];
export type ListItemInput = components['schemas']['ListItemInput'];
export type ListInput = components['schemas']['ListInput'];
export type ListSummary = components['schemas']['ListSummary'];
export type Draft = components['schemas']['Draft'];
export type DraftInput = components['schemas']['DraftInput'];
export type PublicProfile = components['schemas']['PublicProfile'];

/** The user-chosen tags, in display order, with the labels of spec section 3. */
export const TAGS = [
  { id: 'favorites', label: 'Favorites' },
  { id: 'social', label: 'Social' },
  { id: 'strategic', label: 'Strategic' },
  { id: 'challenge', label: 'Challenge Beasts' },
  { id: 'spoiler', label: 'Spoiler' },
] as const;

export type TagId = (typeof TAGS)[number]['id'];
export const TYPE_TAGS = ['season-ranking', 'survivor-ranking'] as const;
export type TypeTag = (typeof TYPE_TAGS)[number];

export function isTypeTag(tag: string): tag is TypeTag {
  return (TYPE_TAGS as readonly string[]).includes(tag);
}

export function isUserTag(tag: string): tag is TagId {
  return TAGS.some((t) => t.id === tag);
}

/** The tags a reader sees: the chosen ones in their usual order, never the type tag. */
export function visibleTags(tags: readonly string[]): { id: TagId; label: string }[] {
  return TAGS.filter((t) => tags.includes(t.id));
}

/** season-ranking when any item is a season, else survivor-ranking. */
export function typeTagFor(items: readonly { isSeason: boolean }[]): TypeTag {
  return items.some((i) => i.isSeason) ? 'season-ranking' : 'survivor-ranking';
}

export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;

export const listKey = (userId: string, listId: string) => ['list', userId, listId] as const;
export const userListsKey = (userId: string) => ['userLists', userId] as const;
export const draftKey = ['draft'] as const;

/** An ApiError for a failure: the server's message for a 4xx, else the given spec text. */
export function failure(response: Response, body: unknown, fallback: string): ApiError {
  const err = toApiError(response, body, fallback);
  if (response.status >= 500) return new ApiError(err.status, err.code, fallback);
  return err;
}

export function errorField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const inner = (body as ApiErrorBody).error as ApiErrorBody['error'] & { field?: unknown };
  return typeof inner.field === 'string' ? inner.field : undefined;
}

/** A message to show for a thrown error: the server's for a 4xx ApiError, else the spec's text. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return err.message;
  return fallback;
}

export async function fetchList(userId: string, listId: string, signal?: AbortSignal): Promise<RankedList> {
  const { data, error, response } = await api.GET('/api/lists/{userId}/{listId}', {
    params: { path: { userId, listId } },
    signal,
  });
  if (data === undefined) throw failure(response, error, 'An error occurred while loading the list.');
  return data;
}

export function useList(userId: string, listId: string, enabled = true) {
  return useQuery({
    queryKey: listKey(userId, listId),
    queryFn: ({ signal }) => fetchList(userId, listId, signal),
    enabled: enabled && userId !== '' && listId !== '',
    retry: false,
  });
}

export async function fetchUserLists(userId: string, signal?: AbortSignal): Promise<ListSummary[]> {
  const { data, error, response } = await api.GET('/api/users/{userId}/lists', {
    params: { path: { userId } },
    signal,
  });
  if (data === undefined) throw failure(response, error, 'Failed to load your lists. Please try again.');
  return data.lists;
}

export function useUserLists(userId: string | undefined) {
  return useQuery({
    queryKey: userListsKey(userId ?? ''),
    queryFn: ({ signal }) => fetchUserLists(userId ?? '', signal),
    enabled: userId !== undefined && userId !== '',
    retry: 1,
  });
}

/** The signed-in user's draft, or null when there is none (204). */
export async function fetchDraft(signal?: AbortSignal): Promise<Draft | null> {
  const { data, error, response } = await api.GET('/api/me/draft', { signal });
  if (response.status === 204) return null;
  if (data === undefined) throw failure(response, error, 'Failed to load your draft.');
  return data;
}

export function toItemInput(item: { id: string; isSeason: boolean; seasonId?: string }): ListItemInput {
  return item.isSeason ? { id: item.id, isSeason: true } : { id: item.id, isSeason: false, seasonId: item.seasonId };
}

/** 'Jun 5, 2025' style, in the reader's locale. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
