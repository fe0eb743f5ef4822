import { api, request } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { MESSAGES } from '../../api/contract';

export type Inbox = components['schemas']['Inbox'];
export type Notification = components['schemas']['Notification'];

export const STREAM_PATH = '/api/notifications/stream';
export const STREAM_EVENT = 'notifications';
export const INBOX_ERROR = MESSAGES.notificationsFailed;

export function fetchInbox(signal?: AbortSignal): Promise<Inbox> {
  return request(() => api.GET('/api/notifications', { signal }), INBOX_ERROR);
}

export function markRead(id: string): Promise<Inbox> {
  return request(() => api.POST('/api/notifications/{id}/read', { params: { path: { id } } }), INBOX_ERROR);
}

export function markAllRead(): Promise<Inbox> {
  return request(() => api.POST('/api/notifications/read-all'), INBOX_ERROR);
}

/** A stream event's data, if it is an inbox. */
export function parseInbox(data: unknown): Inbox | null {
  if (typeof data !== 'string') return null;
  try {
    const v: unknown = JSON.parse(data);
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Record<string, unknown>;
    if (!Array.isArray(o.notifications) || typeof o.unreadCount !== 'number') return null;
    return v as Inbox;
  } catch {
    return null;
  }
}

export const PREVIEW_LENGTH = 10;

/** The comment preview: cut at 10 characters plus '...', only when longer. */
export function preview(content: string): string {
  const chars = Array.from(content);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join('')}...` : content;
}

export function notificationText(n: Notification): string {
  const name = n.createdByName.trim() === '' ? 'Anonymous' : n.createdByName;
  switch (n.type) {
    case 'list_like':
      return `${name} upvoted your list`;
    case 'comment':
      return `${name} commented: "${preview(n.content)}"`;
    case 'comment_reply':
      return `${name} replied: "${preview(n.content)}"`;
    case 'comment_like':
      return `${name} liked your comment`;
    case 'list_remix':
      return `${name} remixed your list`;
    case 'new_follower':
      return `${name} started following you`;
    case 'followed_list':
      return `${name} published a list`;
    case 'prediction_scored':
      return n.content;
    default:
      return name;
  }
}

/** Where a notification leads: the list, or for replies and comment likes the comment on it; a new follower's page. */
export function notificationHref(n: Notification): string {
  if (n.type === 'new_follower') return `/rankings/user/${encodeURIComponent(n.actorId ?? '')}`;
  // A prediction's scores: its season's page, where the fan's prediction is.
  if (n.type === 'prediction_scored') return `/seasons/${encodeURIComponent(n.listId)}`;
  // A global poll's Discussion has no list owner: its thread is the poll's page.
  const list =
    n.listUserId === ''
      ? `/global-rankings/${encodeURIComponent(n.listId)}`
      : `/list/${encodeURIComponent(n.listUserId)}/${encodeURIComponent(n.listId)}`;
  if ((n.type === 'comment_reply' || n.type === 'comment_like') && n.commentId !== '') {
    return `${list}#comment-${encodeURIComponent(n.commentId)}`;
  }
  return list;
}

export function markedRead(inbox: Inbox, id: string | null): Inbox {
  let cleared = 0;
  const notifications = inbox.notifications.map((n) => {
    if (n.isNew && (id === null || n.id === id)) {
      cleared++;
      return { ...n, isNew: false };
    }
    return n;
  });
  return { notifications, unreadCount: id === null ? 0 : Math.max(0, inbox.unreadCount - cleared) };
}
