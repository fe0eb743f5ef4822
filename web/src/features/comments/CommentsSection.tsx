import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { userMessage } from '../../api/userMessage';
import { useMe } from '../auth/useMe';
import { CommentForm } from './CommentForm';
import { RelativeTime } from './RelativeTime';
import {
  applyVote,
  authorName,
  countComments,
  DELETE_CONFIRM,
  DELETE_ERROR,
  deleteComment,
  fetchComments,
  LOAD_ERROR,
  mapComment,
  nextVote,
  removeComment,
  VOTE_ERROR,
  voteOnComment,
  type Comment,
  type VoteValue,
} from './commentsApi';
import styles from './CommentsSection.module.css';

export interface CommentsSectionProps {
  /** The list's owner. */
  listUserId: string;
  listId: string;
}

const SIGN_IN_TO_VOTE = 'You must be signed in to vote on comments.';

function commentIdFromHash(hash: string): string | null {
  const m = /^#comment-(.+)$/.exec(hash);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** The comments of one list: newest first, one level of replies, votes, delete for the author. */
export function CommentsSection({ listUserId, listId }: CommentsSectionProps) {
  const { user, isSignedIn, isLoading: meLoading } = useMe();
  const location = useLocation();
  const key = queryKeys.comments(listUserId, listId);
  const comments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchComments(listUserId, listId, signal),
    staleTime: 0,
  });
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const loginState = { from: location.pathname + location.search + location.hash };

  // Notifications link to '#comment-{id}': bring that comment into view and light it up.
  const target = commentIdFromHash(location.hash);
  const refetchedFor = useRef<string | null>(null);
  const list = comments.data;
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
    setAnnouncement(parentId ? 'Reply posted.' : 'Comment posted.');
    if (parentId) setReplyTo(null);
  }

  const total = list ? countComments(list) : null;

  return (
    <section className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading" className={styles.heading}>
        Comments
        {total !== null && <span className={styles.count}>({total})</span>}
      </h2>

      {meLoading ? null : isSignedIn ? (
        <CommentForm
          listUserId={listUserId}
          listId={listId}
          parentId={null}
          label="Add a comment"
          placeholder="Share your thoughts on this ranking..."
          submitLabel="Post Comment"
          onPosted={() => posted(null)}
        />
      ) : (
        <p className={styles.signIn}>
          <Link to="/login" state={loginState}>
            Sign in
          </Link>{' '}
          to join the discussion. You must be signed in to comment or vote.
        </p>
      )}

      <p className="visually-hidden" role="status">
        {announcement}
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
        <div className={styles.loadError} role="alert">
          <p>{userMessage(comments.error, LOAD_ERROR)}</p>
          <button type="button" className={styles.ghostButton} onClick={() => void comments.refetch()}>
            Try again
          </button>
        </div>
      ) : list && list.length === 0 ? (
        <p className={styles.empty}>No comments yet. Be the first to weigh in.</p>
      ) : (
        <ol className={styles.thread} aria-label="Comments">
          {list?.map((c) => (
            <li key={c.id}>
              <CommentItem
                comment={c}
                listKey={key}
                meId={user?.id ?? null}
                listUserId={listUserId}
                highlighted={target === c.id}
                loginState={loginState}
                onReply={() => setReplyTo((cur) => (cur === c.id ? null : c.id))}
                replyOpen={replyTo === c.id}
              />
              {replyTo === c.id && (
                <div className={styles.replyForm}>
                  <CommentForm
                    listUserId={listUserId}
                    listId={listId}
                    parentId={c.id}
                    label={`Reply to ${authorName(c)}`}
                    placeholder={`Reply to ${authorName(c)}...`}
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
                      <CommentItem comment={r} listKey={key} meId={user?.id ?? null} listUserId={listUserId} highlighted={target === r.id} loginState={loginState} />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface ItemProps {
  comment: Comment;
  listKey: readonly unknown[];
  meId: string | null;
  listUserId: string;
  highlighted: boolean;
  loginState: { from: string };
  onReply?: () => void;
  replyOpen?: boolean;
}

function CommentItem({ comment: c, listKey, meId, listUserId, highlighted, loginState, onReply, replyOpen = false }: ItemProps) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const name = authorName(c);
  const mine = meId !== null && c.userId !== '' && c.userId === meId;

  const vote = useMutation({
    mutationFn: (value: VoteValue) => voteOnComment(c.id, value),
    onMutate: async (value) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<Comment[]>(listKey);
      queryClient.setQueryData<Comment[]>(listKey, (old) => (old ? mapComment(old, c.id, (x) => applyVote(x, value)) : old));
      return { before };
    },
    onError: (err, _value, ctx) => {
      if (ctx?.before) queryClient.setQueryData(listKey, ctx.before);
      setError(userMessage(err, VOTE_ERROR));
    },
    onSuccess: (fresh) => {
      queryClient.setQueryData<Comment[]>(listKey, (old) => (old ? mapComment(old, c.id, (x) => ({ ...fresh, replies: x.replies })) : old));
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteComment(c.id),
    onMutate: () => setError(null),
    onError: (err) => setError(userMessage(err, DELETE_ERROR)),
    onSuccess: () => {
      queryClient.setQueryData<Comment[]>(listKey, (old) => (old ? removeComment(old, c.id) : old));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  function press(pressed: 1 | -1) {
    if (meId === null) {
      setNeedsSignIn(true);
      return;
    }
    if (vote.isPending) return;
    vote.mutate(nextVote(c.myVote, pressed));
  }

  function askDelete() {
    if (window.confirm(DELETE_CONFIRM)) remove.mutate();
  }

  const classes = [styles.comment, c.isReply ? styles.reply : '', highlighted ? styles.highlighted : '', remove.isPending ? styles.removing : ''].filter(Boolean).join(' ');

  return (
    <article id={`comment-${c.id}`} className={classes} tabIndex={-1} aria-label={`Comment by ${name}`}>
      <header className={styles.meta}>
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        {c.userId ? (
          <Link to={`/rankings/user/${encodeURIComponent(c.userId)}`} state={{ userName: name }} className={styles.author}>
            {name}
          </Link>
        ) : (
          <span className={styles.author}>{name}</span>
        )}
        {c.userId !== '' && c.userId === listUserId && <span className={styles.ownerBadge}>List author</span>}
        <RelativeTime iso={c.createdAt} className={styles.time} />
      </header>
      <p className={styles.text}>{c.text}</p>
      <div className={styles.actions}>
        <div className={styles.votes} role="group" aria-label="Votes">
          <button
            type="button"
            className={c.myVote === 1 ? `${styles.voteButton} ${styles.votedUp}` : styles.voteButton}
            aria-pressed={c.myVote === 1}
            aria-label="Upvote"
            title={meId === null ? 'Sign in to vote' : 'Upvote'}
            onClick={() => press(1)}
          >
            <Arrow up />
          </button>
          <span className={styles.score} aria-label={`Score ${c.score}`} title={`${c.upvotes} up, ${c.downvotes} down`}>
            {c.score}
          </span>
          <button
            type="button"
            className={c.myVote === -1 ? `${styles.voteButton} ${styles.votedDown}` : styles.voteButton}
            aria-pressed={c.myVote === -1}
            aria-label="Downvote"
            title={meId === null ? 'Sign in to vote' : 'Downvote'}
            onClick={() => press(-1)}
          >
            <Arrow />
          </button>
        </div>
        {onReply && meId !== null && (
          <button type="button" className={styles.textButton} aria-expanded={replyOpen} onClick={onReply}>
            Reply
          </button>
        )}
        {mine && (
          <button type="button" className={`${styles.textButton} ${styles.danger}`} onClick={askDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </button>
        )}
      </div>
      {needsSignIn && meId === null && (
        <p className={styles.itemNotice} role="alert">
          {SIGN_IN_TO_VOTE}{' '}
          <Link to="/login" state={loginState}>
            Sign in
          </Link>
        </p>
      )}
      {error && (
        <p className={styles.itemError} role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

function Arrow({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" style={up ? undefined : { transform: 'rotate(180deg)' }}>
      <path d="M12 4l7 9h-4.5v7h-5v-7H5z" fill="currentColor" />
    </svg>
  );
}
