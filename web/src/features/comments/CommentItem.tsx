import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userMessage } from '../../api/userMessage';
import { RelativeTime } from '../../components/RelativeTime';
import moderation from '../../components/moderationMarks.module.css';
import {
  applyVote,
  authorName,
  DELETE_CONFIRM,
  DELETE_ERROR,
  deleteComment,
  mapComment,
  nextVote,
  removeComment,
  updateThread,
  VOTE_ERROR,
  voteOnComment,
  type Comment,
  type CommentThread,
  type VoteValue,
} from './commentsApi';
import styles from './CommentsSection.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

const SIGN_IN_TO_VOTE = MESSAGES.commentVoteSignedOut;

/**
 * What a comment shows for acting on someone else's words: moderation's report dialog and
 * block button, handed in by the app (src/app/parts.tsx) so comments need not import them.
 */
export interface CommentParts {
  ReportDialog: ComponentType<{ subject: { targetType: 'comment'; commentId: string }; onClose: () => void; onReported: () => void }>;
  BlockButton: ComponentType<{ userId: string; name: string; blocked: boolean; look?: 'button' | 'text'; onDone?: (blocked: boolean) => void }>;
}

interface ItemProps {
  comment: Comment;
  parts: CommentParts;
  listKey: readonly unknown[];
  meId: string | null;
  listUserId: string;
  /** The failure text of a vote here. */
  voteError?: string;
  highlighted: boolean;
  loginState: { from: string };
  onReply?: () => void;
  replyOpen?: boolean;
  /** Says something to the reader about the thread (a report sent, a user blocked). */
  onNotice?: (message: string) => void;
}

export const REPORTED_NOTICE = MESSAGES.commentReported;

/** One comment: author, time, text, votes, and Reply and Delete where allowed. */
export function CommentItem({ comment: c, parts, listKey, meId, listUserId, voteError = VOTE_ERROR, highlighted, loginState, onReply, replyOpen = false, onNotice }: ItemProps) {
  const { ReportDialog, BlockButton } = parts;
  const queryClient = useQueryClient();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [reporting, setReporting] = useState(false);
  const name = authorName(c);
  const mine = meId !== null && c.userId !== '' && c.userId === meId;
  const someoneElses = meId !== null && c.userId !== '' && !mine;

  function reported() {
    setReporting(false);
    updateThread(queryClient, listKey, (page) => removeComment(page, c.id));
    onNotice?.(REPORTED_NOTICE);
  }

  const vote = useMutation({
    mutationFn: (value: VoteValue) => voteOnComment(c.id, value, voteError),
    onMutate: async (value) => {
      remove.reset();
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<CommentThread>(listKey);
      updateThread(queryClient, listKey, (page) => mapComment(page, c.id, (x) => applyVote(x, value)));
      return { before };
    },
    onError: (_err, _value, ctx) => {
      if (ctx?.before) queryClient.setQueryData(listKey, ctx.before);
    },
    onSuccess: (fresh) => {
      updateThread(queryClient, listKey, (page) => mapComment(page, c.id, (x) => ({ ...fresh, replies: x.replies })));
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteComment(c.id),
    onMutate: () => vote.reset(),
    onSuccess: () => {
      updateThread(queryClient, listKey, (page) => removeComment(page, c.id));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  // The failure of the last action, if it failed (each action clears the other's).
  const error = vote.isError ? userMessage(vote.error, voteError) : remove.isError ? userMessage(remove.error, DELETE_ERROR) : null;

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
        {c.hidden && <span className={moderation.hiddenBadge}>Hidden by moderators</span>}
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
        {someoneElses && (
          <>
            <button type="button" className={styles.textButton} onClick={() => setReporting(true)}>
              Report
            </button>
            <BlockButton userId={c.userId} name={name} blocked={false} look="text" onDone={() => onNotice?.(formatMessage(MESSAGES.commentAuthorBlocked, { name }))} />
          </>
        )}
      </div>
      {reporting && <ReportDialog subject={{ targetType: 'comment', commentId: c.id }} onClose={() => setReporting(false)} onReported={reported} />}
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
