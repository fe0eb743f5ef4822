import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveStream } from '../../api/liveStream';
import { queryKeys } from '../../api/queryKeys';
import { userMessage } from '../../api/userMessage';
import { RelativeTime } from '../../components/RelativeTime';
import { BellIcon } from '../../components/icons';
import { LoadFailed } from '../../components/Failure';
import {
  fetchInbox,
  INBOX_ERROR,
  markAllRead,
  markedRead,
  markRead,
  notificationHref,
  notificationText,
  parseInbox,
  STREAM_EVENT,
  STREAM_PATH,
  type Inbox as InboxData,
  type Notification,
} from './notificationsApi';
import styles from './Inbox.module.css';
import { MESSAGES } from '../../api/contract';

/**
 * Marks one notification read (id) or all of them (null): at once in the cache, then as the
 * server answers; a failure refetches the inbox.
 */
function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => (id === null ? markAllRead() : markRead(id)),
    onMutate: (id) => {
      const current = queryClient.getQueryData<InboxData>(queryKeys.inbox);
      if (current) queryClient.setQueryData(queryKeys.inbox, markedRead(current, id));
    },
    onSuccess: (inbox) => queryClient.setQueryData(queryKeys.inbox, inbox),
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox }),
  });
}

/** Keeps the inbox in the query cache current over server-sent events while mounted. */
function useInboxStream() {
  const queryClient = useQueryClient();
  useLiveStream(STREAM_PATH, STREAM_EVENT, (data) => {
    const inbox = parseInbox(data);
    if (inbox) queryClient.setQueryData(queryKeys.inbox, inbox);
  });
}

const iconPaths: Record<Notification['type'], string> = {
  list_like: 'M12 5l7 9h-4.5v5h-5v-5H5z',
  comment: 'M5 6h14v9H10l-4 3.5V15H5z',
  comment_reply: 'M10 7L5 11.5 10 16v-3c4 0 6.5 1 9 4-1-4.5-3.5-7.5-9-8z',
  comment_like: 'M12 19s-7-4.4-7-9.2A3.8 3.8 0 0 1 12 7.6a3.8 3.8 0 0 1 7 2.2C19 14.6 12 19 12 19z',
  list_remix: 'M7 4L3 8l4 4V9h7a3 3 0 0 1 0 6h-2v3h2a6 6 0 0 0 0-12H7zM17 13v3h-4v3h4v3l4-4.5z',
  new_follower: 'M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 19c0-3.3 3.1-6 7-6s7 2.7 7 6zM18 7h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
  followed_list: 'M6 4h12v16H6zM8.5 8h7v1.6h-7zM8.5 11.2h7v1.6h-7zM8.5 14.4h4.5V16H8.5z',
  prediction_scored: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
};

function TypeIcon({ type }: { type: Notification['type'] }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={iconPaths[type]} fill="currentColor" />
    </svg>
  );
}

/** The header's Inbox: a bell with the unread count and a dropdown of the 10 most recent notifications, live. */
export default function Inbox() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const panelId = useId();

  const inbox = useQuery({
    queryKey: queryKeys.inbox,
    queryFn: ({ signal }) => fetchInbox(signal),
    // The event stream keeps it fresh; no polling.
    staleTime: Infinity,
  });
  useInboxStream();

  const data = inbox.data;
  const unread = data?.unreadCount ?? 0;
  const hasNew = data?.notifications.some((n) => n.isNew) ?? false;

  const markReadMutation = useMarkRead();
  const { mutate: mark, isError: markFailed, error: markError } = markReadMutation;
  const readAll = useCallback(() => {
    const current = queryClient.getQueryData<InboxData>(queryKeys.inbox);
    if (!current || (!current.notifications.some((n) => n.isNew) && current.unreadCount === 0)) return;
    mark(null);
  }, [queryClient, mark]);

  const close = useCallback(
    (focusButton: boolean) => {
      setOpen(false);
      readAll();
      if (focusButton) buttonRef.current?.focus();
    },
    [readAll],
  );

  // A press outside closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, close]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    if (!open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End')) return;
    const items = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    if (items.length === 0) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    let next = 0;
    if (e.key === 'End') next = items.length - 1;
    else if (e.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(items.length - 1, at + 1);
    else if (e.key === 'ArrowUp') next = at <= 0 ? (at < 0 ? items.length - 1 : 0) : at - 1;
    items[next]?.focus();
  }

  function onBlur(e: FocusEvent<HTMLDivElement>) {
    const to = e.relatedTarget;
    if (open && to instanceof Node && rootRef.current && !rootRef.current.contains(to)) close(false);
  }

  function onPointerLeave(e: ReactPointerEvent<HTMLDivElement>) {
    // A finger "leaves" after every tap; only a real pointer leaving means "seen".
    if (e.pointerType === 'touch') return;
    if (hasNew) readAll();
  }

  function openNotification(n: Notification) {
    setOpen(false);
    markReadMutation.reset();
    // The comment or vote that caused it may be newer than what is cached.
    if (n.type === 'new_follower') {
      if (n.actorId) void queryClient.invalidateQueries({ queryKey: queryKeys.user(n.actorId).all });
    } else if (n.listUserId === '') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.global.comments(n.listId) });
    } else {
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments(n.listUserId, n.listId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.detail(n.listUserId, n.listId) });
    }
    void navigate(notificationHref(n));
    if (n.isNew) mark(n.id);
  }

  // Only a failed "mark all read" is worth a message; a single one just refetches.
  const error = markFailed && markReadMutation.variables === null ? userMessage(markError, INBOX_ERROR) : null;

  const label = unread > 0 ? `Inbox, ${unread} unread` : 'Inbox';

  let body;
  if (inbox.isPending) {
    body = (
      <div className={styles.loading} role="status" aria-label="Loading notifications">
        <span className={styles.skel} />
        <span className={styles.skel} />
      </div>
    );
  } else if (inbox.isError && !data) {
    body = (
      <LoadFailed message={userMessage(inbox.error, INBOX_ERROR)} onRetry={() => void inbox.refetch()} className={styles.failed} buttonClassName={styles.textButton} />
    );
  } else if (!data || data.notifications.length === 0) {
    body = <p className={styles.empty}>{MESSAGES.noNotifications}</p>;
  } else {
    body = (
      <ul className={styles.list} ref={listRef} aria-label="Recent notifications">
        {data.notifications.map((n) => (
          <li key={n.id}>
            <button type="button" className={n.isNew ? `${styles.item} ${styles.isNew}` : styles.item} onClick={() => openNotification(n)}>
              <span className={`${styles.icon} ${styles[n.type] ?? ''}`} aria-hidden="true">
                <TypeIcon type={n.type} />
              </span>
              <span className={styles.itemBody}>
                {n.isNew && <span className="visually-hidden">New: </span>}
                <span className={styles.itemText}>{notificationText(n)}</span>
                {(n.type === 'list_like' || n.type === 'comment_like' || n.type === 'list_remix' || n.type === 'followed_list') && n.content !== '' && <span className={styles.itemContext}>{n.content}</span>}
                <RelativeTime iso={n.createdAt} className={styles.itemTime} />
              </span>
              {n.isNew && <span className={styles.newDot} aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- not a control: it hears Escape, the arrow keys and focus leaving for the bell and its menu
    <div className={styles.root} ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={open ? `${styles.bell} ${styles.bellOpen}` : styles.bell}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon />
        <span className={styles.bellLabel}>Inbox</span>{' '}
        {unread > 0 && (
          <span className={styles.badge} data-testid="inbox-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className={styles.dropdown} role="region" aria-label="Notifications" onPointerLeave={onPointerLeave}>
          <div className={styles.head}>
            <p className={styles.title}>Notifications</p>
            {hasNew && (
              <button type="button" className={styles.textButton} onClick={readAll}>
                Mark all read
              </button>
            )}
          </div>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          {body}
        </div>
      )}
    </div>
  );
}
