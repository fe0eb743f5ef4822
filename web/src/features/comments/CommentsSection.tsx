import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { userMessage } from '../../api/userMessage';
import { useMe } from '../../lib/session';
import { useNearViewport } from '../../lib/useNearViewport';
import { CommentForm } from './CommentForm';
import { CommentItem, type CommentParts } from './CommentItem';
import { authorName, countComments, listThread, LOAD_ERROR, threadComments, type CommentPage, type CommentThread, type ThreadSource } from './commentsApi';
import { ErrorLine, LoadFailed } from '../../components/Failure';
import styles from './CommentsSection.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';
import { Sentence } from '../../components/Sentence';

interface ListThreadProps {
  /** The list's owner. */
  listUserId: string;
  listId: string;
  thread?: undefined;
}

interface SourceProps {
  /** Another thread, e.g. a global poll's Discussion (pollThread). */
  thread: ThreadSource;
  listUserId?: undefined;
  listId?: undefined;
}

export type CommentsSectionProps = (ListThreadProps | SourceProps) & {
  /** The section's heading ('Comments' unless told). */
  title?: string;
  /** The new-comment box's placeholder. */
  placeholder?: string;
  /** Comments and replies in all, as the list reports it; without it the loaded ones are counted. */
  count?: number;
  /** Moderation's parts for others' comments (report, block). */
  parts: CommentParts;
};

function commentIdFromHash(hash: string): string | null {
  const m = /^#comment-(.+)$/.exec(hash);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** The comments of one list: newest first, one level of replies, votes, delete for the author. */
export function CommentsSection(props: CommentsSectionProps) {
  const { count, title = 'Comments', placeholder = MESSAGES.commentPlaceholder } = props;
  const { listUserId, listId } = props;
  const thread = useMemo(() => props.thread ?? listThread(listUserId ?? '', listId ?? ''), [props.thread, listUserId, listId]);
  const { user, isSignedIn, isLoading: meLoading } = useMe();
  const location = useLocation();
  const key = thread.key;
  // Notifications link to '#comment-{id}': bring that comment into view and light it up.
  const target = commentIdFromHash(location.hash);
  // The thread is read and drawn when the section nears the screen (or a link names one
  // of its comments), so a list page's first screen does not wait on its Discussion.
  const [near, section] = useNearViewport();
  // Newest first, a page at a time: "Load more" reads the next page.
  const comments = useInfiniteQuery<CommentPage, Error, CommentThread, readonly unknown[], string | null>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => thread.fetchPage(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    enabled: near || target !== null,
  });
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  const loginState = { from: location.pathname + location.search + location.hash };

  const refetchedFor = useRef<string | null>(null);
  const list = threadComments(comments.data);
  useEffect(() => {
    if (!target || !list) return;
    const found = list.some((c) => c.id === target || c.replies?.some((r) => r.id === target));
    if (!found) {
      // A brand-new comment may not be in a cached thread yet: ask once more.
      if (refetchedFor.current !== target) {
        refetchedFor.current = target;
        void comments.refetch();
      }
      return;
    }
    const el = document.getElementById(`comment-${target}`);
    if (!el) return;
    el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    el.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, list]);

  function posted(parentId: string | null) {
    setAnnouncement(parentId ? MESSAGES.replyPosted : MESSAGES.commentPosted);
    if (parentId) setReplyTo(null);
  }

  const total = count ?? (list ? countComments(list) : null);
  // What every comment of the thread is drawn with, a reply as much as a top-level comment.
  const itemProps = {
    parts: props.parts,
    listKey: key,
    meId: user?.id ?? null,
    listUserId: thread.ownerId,
    voteError: thread.voteError,
    loginState,
    onNotice: setNotice,
  };

  return (
    <section ref={section} className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading" className={styles.heading}>
        {title}
        {total !== null && <span className={styles.count}>({total})</span>}
      </h2>

      {meLoading ? null : isSignedIn ? (
        <CommentForm
          thread={thread}
          parentId={null}
          label="Add a comment"
          placeholder={placeholder}
          submitLabel="Post Comment"
          onPosted={() => posted(null)}
        />
      ) : (
        <p className={styles.signIn}>
          <Sentence
            message={MESSAGES.commentSignIn}
            values={{
              signIn: (
                <Link to="/login" state={loginState}>
                  Sign in
                </Link>
              ),
            }}
          />
        </p>
      )}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <p role="status" className={notice ? styles.notice : 'visually-hidden'}>
        {notice}
      </p>

      {comments.isPending ? (
        <ul className={styles.thread} aria-label="Loading comments" aria-busy="true">
          {[0, 1].map((i) => (
            <li key={i} className={`${styles.comment} ${styles.skeleton}`} aria-hidden="true">
              <span className={styles.skelLine} />
              <span className={`${styles.skelLine} ${styles.skelWide}`} />
            </li>
          ))}
        </ul>
      ) : comments.isError && !list ? (
        <LoadFailed message={userMessage(comments.error, LOAD_ERROR)} onRetry={() => void comments.refetch()} className={styles.loadError} buttonClassName={styles.ghostButton} />
      ) : list && list.length === 0 ? (
        <p className={styles.empty}>{MESSAGES.noComments}</p>
      ) : (
        <ol className={styles.thread} aria-label="Comments">
          {list?.map((c) => (
            <li key={c.id}>
              <CommentItem
                comment={c}
                {...itemProps}
                highlighted={target === c.id}
                onReply={() => setReplyTo((cur) => (cur === c.id ? null : c.id))}
                replyOpen={replyTo === c.id}
              />
              {replyTo === c.id && (
                <div className={styles.replyForm}>
                  <CommentForm
                    thread={thread}
                    parentId={c.id}
                    label={`Reply to ${authorName(c)}`}
                    placeholder={formatMessage(MESSAGES.replyPlaceholder, { name: authorName(c) })}
                    submitLabel="Post Reply"
                    onPosted={() => posted(c.id)}
                    onCancel={() => setReplyTo(null)}
                    autoFocus
                    compact
                  />
                </div>
              )}
              {c.replies && c.replies.length > 0 && (
                <ol className={styles.replies} aria-label={`Replies to ${authorName(c)}`}>
                  {c.replies.map((r) => (
                    <li key={r.id}>
                      <CommentItem comment={r} {...itemProps} highlighted={target === r.id} />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {comments.hasNextPage && (
        <div className={styles.more}>
          <button type="button" className={styles.ghostButton} onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
            {comments.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
          </button>
          <ErrorLine request={{ isError: comments.isFetchNextPageError, error: comments.error }} fallback={LOAD_ERROR} className={styles.moreError} />
        </div>
      )}
    </section>
  );
}
