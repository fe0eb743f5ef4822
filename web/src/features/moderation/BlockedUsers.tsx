import { useId } from 'react';
import { Link } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { RelativeTime } from '../../components/RelativeTime';
import { BlockButton } from './BlockButton';
import { useMyBlocks } from './moderationApi';
import { LoadFailed } from '../../components/Failure';
import page from '../../components/Page.module.css';
import form from '../../components/DialogForm.module.css';
import styles from './Moderation.module.css';
import { MESSAGES } from '../../api/contract';

/** The account page's list of blocked users, each with Unblock. */
export function BlockedUsers({ titleClass }: { titleClass?: string }) {
  const uid = useId();
  const blocks = useMyBlocks();
  return (
    <section className={page.section} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={titleClass}>
        Blocked Users
      </h2>
      {blocks.isPending ? (
        <p className={form.hint} role="status">
          Loading…
        </p>
      ) : blocks.isError ? (
        <LoadFailed message={userMessage(blocks.error, MESSAGES.blocksFailed)} onRetry={() => void blocks.refetch()} className={form.error} buttonClassName={form.textButton} inline />
      ) : blocks.data.length === 0 ? (
        <p className={form.hint}>{MESSAGES.noBlocks}</p>
      ) : (
        <ul className={styles.blockList}>
          {blocks.data.map((b) => (
            <li key={b.userId} className={styles.blockRow}>
              <span>
                <Link to={`/rankings/user/${encodeURIComponent(b.userId)}`} state={{ userName: b.displayName }}>
                  {b.displayName}
                </Link>{' '}
                <span className={form.hint}>
                  blocked <RelativeTime iso={b.blockedAt} />
                </span>
              </span>
              <BlockButton userId={b.userId} name={b.displayName} blocked />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
