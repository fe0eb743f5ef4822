import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { SearchField } from '../../components/SearchField';
import { RelativeTime } from '../../components/RelativeTime';
import { Paged } from './Paged';
import { ReportTargetCards } from './ReportTargetCard';
import { SuspendDialog } from './SuspendDialog';
import { RESTORE_FAILED, USER_FAILED, USERS_FAILED, formatEndDate, useSetSuspension, useUserCase, useUserSearch, type ModerationUser } from './usersApi';
import { ActionRows } from './actionWords';
import { ErrorLine, LoadFailed } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from './ModerationPage.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

/** What an account's status reads as, in a search result or its heading. */
function statusText(u: ModerationUser): string {
  if (u.suspension) return u.suspension.until ? `Suspended until ${formatEndDate(u.suspension.until)}` : 'Suspended';
  return u.isAdmin ? 'Moderator' : 'Active';
}

/** The Users tab: find an account by the start of its name or its address, then open it. */
export function UsersTab() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useUserSearch(query);
  const users = search.data?.pages.flatMap((p) => p.users) ?? [];
  return (
    <section aria-label="Users" className={styles.users}>
      <div className={styles.userSearch}>
        <SearchField label="Find an account by name or email" placeholder="Name or email" value={text} onChange={setText} />
        <Paged query={search} count={users.length} loading={MESSAGES.accountsLoading} failed={USERS_FAILED} empty={formatMessage(MESSAGES.noAccountMatch, { query })}>
          <ul className={styles.userResults} aria-label="Accounts" aria-busy={search.isFetching || undefined}>
            {users.map((u) => (
              <li key={u.id}>
                <button type="button" className={styles.userResult} aria-current={openId === u.id || undefined} onClick={() => setOpenId(u.id)}>
                  <strong>{u.displayName}</strong>
                  <span className={styles.muted}>{u.email || 'no email'}</span>
                  <span className={u.suspension ? styles.badgeSuspended : styles.badge}>{statusText(u)}</span>
                </button>
              </li>
            ))}
          </ul>
        </Paged>
      </div>
      {openId ? <AccountView key={openId} userId={openId} /> : <p className={styles.muted}>{MESSAGES.chooseAccount}</p>}
    </section>
  );
}

/** One account: its status, its reported content and what moderators did about it, with Suspend or Restore. */
function AccountView({ userId }: { userId: string }) {
  const uid = useId();
  const account = useUserCase(userId);
  const restore = useSetSuspension(userId);
  const [suspending, setSuspending] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = account.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (account.isPending) {
    return (
      <p role="status" className={styles.muted}>
        {MESSAGES.accountLoading}
      </p>
    );
  }
  if (account.isError) {
    return <LoadFailed message={userMessage(account.error, USER_FAILED)} onRetry={() => void account.refetch()} className={styles.failed} />;
  }
  const { user: u, reports, actions, listCount, commentCount } = account.data;
  return (
    <article className={styles.account} aria-labelledby={`${uid}-name`}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <header className={styles.cardHead}>
        <h2 id={`${uid}-name`} ref={heading} tabIndex={-1} className={styles.accountName}>
          {u.displayName}
        </h2>
        <span className={u.suspension ? styles.badgeSuspended : styles.badge}>{statusText(u)}</span>
      </header>
      <p className={styles.muted}>
        {u.email || 'No email'} · joined <RelativeTime iso={u.createdAt} /> · {listCount} {listCount === 1 ? 'list' : 'lists'}, {commentCount}{' '}
        {commentCount === 1 ? 'comment' : 'comments'} · <Link to={`/rankings/user/${encodeURIComponent(u.id)}`}>Their page</Link>
      </p>
      {u.suspension && (
        <p className={styles.suspension}>
          Suspended <RelativeTime iso={u.suspension.since} />
          {u.suspension.until ? ` until ${formatEndDate(u.suspension.until)}` : ' until restored'}: <q className={styles.quote}>{u.suspension.reason}</q>
        </p>
      )}
      <div className={styles.cardActions}>
        {u.suspension ? (
          <button
            type="button"
            className={page.button}
            disabled={restore.isPending}
            onClick={() => restore.mutate(null, { onSuccess: () => setAnnouncement(formatMessage(MESSAGES.accountRestored, { name: u.displayName })) })}
          >
            {restore.isPending ? 'Restoring…' : 'Restore account'}
          </button>
        ) : u.isAdmin ? (
          <p className={styles.muted}>{MESSAGES.moderatorNotSuspendable}</p>
        ) : (
          <button type="button" className={page.button} onClick={() => setSuspending(true)}>
            Suspend…
          </button>
        )}
      </div>
      <ErrorLine request={restore} fallback={RESTORE_FAILED} className={styles.error} />
      <h3 className={styles.accountSection}>Reported content</h3>
      {reports.length === 0 ? (
        <p className={styles.muted}>{MESSAGES.accountNoReports}</p>
      ) : (
        <ReportTargetCards targets={reports} onDone={setAnnouncement} />
      )}
      <h3 className={styles.accountSection}>Actions</h3>
      {actions.length === 0 ? (
        <p className={styles.muted}>{MESSAGES.accountNoActions}</p>
      ) : (
        <ActionRows actions={actions} />
      )}
      {suspending && (
        <SuspendDialog
          account={u}
          onClose={() => setSuspending(false)}
          onSuspended={() => {
            setSuspending(false);
            setAnnouncement(formatMessage(MESSAGES.accountSuspendedNotice, { name: u.displayName }));
          }}
        />
      )}
    </article>
  );
}
