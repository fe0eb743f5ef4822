import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { ACTION_FAILED, REASONS, targetFields, useModerate, type ModerationActionInput, type ReportTarget } from './moderationApi';
import { ErrorLine } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from './ModerationPage.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

type Action = ModerationActionInput['action'];

/** What a moderator may do with a target in each status. */
const ACTIONS: Record<ReportTarget['status'], Action[]> = {
  open: ['hide', 'dismiss'],
  hidden: ['restore'],
  dismissed: ['hide'],
  restored: ['hide', 'dismiss'],
};

const LABEL: Record<Action, string> = { hide: 'Hide', restore: 'Restore', dismiss: 'Dismiss' };
const DONE: Record<Action, string> = { hide: MESSAGES.reportHidden, restore: MESSAGES.reportRestored, dismiss: MESSAGES.reportsDismissed };

/** Where the reported content is shown: the list, or the comment on its list or poll. */
function contentLink(t: ReportTarget): string | null {
  if (t.gone || !t.listId) return null;
  if (t.targetType === 'list') return `/list/${encodeURIComponent(t.userId ?? '')}/${encodeURIComponent(t.listId)}`;
  const anchor = `#comment-${encodeURIComponent(t.commentId ?? '')}`;
  return t.userId ? `/list/${encodeURIComponent(t.userId)}/${encodeURIComponent(t.listId)}${anchor}` : `/global-rankings/${encodeURIComponent(t.listId)}${anchor}`;
}

/** One reported list or comment: what it says, who wrote it, how often and why it was reported, and the actions. */
export function ReportTargetCard({ target: t, onDone }: { target: ReportTarget; onDone: (message: string) => void }) {
  const moderate = useModerate();
  const link = contentLink(t);
  const reasons = REASONS.filter((r) => t.reasons[r.value] > 0);
  return (
    <article className={styles.card} aria-label={`Reported ${t.targetType} by ${t.authorName || 'a deleted account'}`}>
      <header className={styles.cardHead}>
        <span className={styles.kind}>{t.targetType === 'list' ? 'List' : 'Comment'}</span>
        <strong>
          {t.reportCount} {t.reportCount === 1 ? 'report' : 'reports'}
        </strong>
        <ul className={styles.reasons} aria-label="Reasons">
          {reasons.map((r) => (
            <li key={r.value}>
              {r.label} × {t.reasons[r.value]}
            </li>
          ))}
        </ul>
      </header>
      {t.gone ? (
        <p className={styles.muted}>{formatMessage(MESSAGES.reportedGone, { what: t.targetType })}</p>
      ) : (
        <p className={t.targetType === 'comment' ? styles.commentText : styles.listTitle}>{link ? <Link to={link}>{t.title}</Link> : t.title}</p>
      )}
      <p className={styles.muted}>
        by {t.authorName || 'a deleted account'} · first reported <RelativeTime iso={t.firstReportedAt} />, last <RelativeTime iso={t.lastReportedAt} />
      </p>
      {t.texts.length > 0 && (
        <ul className={styles.texts} aria-label="What reporters said">
          {t.texts.map((text, i) => (
            <li key={i}>
              <q>{text}</q>
            </li>
          ))}
        </ul>
      )}
      {!t.gone && (
        <div className={styles.cardActions}>
          {ACTIONS[t.status].map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'hide' ? page.button : page.buttonGhost}
              disabled={moderate.isPending}
              onClick={() => moderate.mutate({ action, ...targetFields(t) }, { onSuccess: () => onDone(DONE[action]) })}
            >
              {moderate.isPending && moderate.variables?.action === action ? `${LABEL[action]}…` : LABEL[action]}
            </button>
          ))}
        </div>
      )}
      <ErrorLine request={moderate} fallback={ACTION_FAILED} className={styles.error} />
    </article>
  );
}

/** Reported lists and comments, each a card. */
export function ReportTargetCards({ targets, onDone }: { targets: ReportTarget[]; onDone: (message: string) => void }) {
  return (
    <ol className={styles.cards}>
      {targets.map((t) => (
        <li key={`${t.targetType}:${t.key}`}>
          <ReportTargetCard target={t} onDone={onDone} />
        </li>
      ))}
    </ol>
  );
}
