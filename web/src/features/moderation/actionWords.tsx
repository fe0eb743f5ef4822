import type { ReactNode } from 'react';
import { RelativeTime } from '../../components/RelativeTime';
import type { ModerationAction } from './moderationApi';
import styles from './ModerationPage.module.css';

const DONE: Record<ModerationAction['action'], string> = {
  hide: 'hid',
  restore: 'restored',
  dismiss: 'dismissed the reports of',
  suspend: 'suspended',
  unsuspend: 'restored',
  reset_password: 'sent a password reset link to',
  sign_out: 'signed out',
};

const WHO: Record<string, string> = { 'command line': 'The command line', 'end date': 'Its end date' };

/** One line of the actions log: who did what to which list, comment or account, and why. */
function describeAction(a: ModerationAction): ReactNode {
  const who = WHO[a.adminName] ?? (a.adminName || 'A former moderator');
  const what = a.targetType === 'user' ? 'the account of' : `a ${a.targetType}:`;
  return (
    <>
      <strong>{who}</strong> {DONE[a.action] ?? a.action} {what} <q className={styles.quote}>{a.title}</q>
      {a.detail ? <span className={styles.muted}> ({a.detail})</span> : null}
    </>
  );
}

/** The actions log's rows, as given: what was done, and when. */
export function ActionRows({ actions }: { actions: ModerationAction[] }) {
  return (
    <ol className={styles.log}>
      {actions.map((a) => (
        <li key={a.id} className={styles.logRow}>
          <span>{describeAction(a)}</span>
          <RelativeTime iso={a.createdAt} className={styles.muted} />
        </li>
      ))}
    </ol>
  );
}
