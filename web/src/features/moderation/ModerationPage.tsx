import { useState } from 'react';
import { Navigate } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { EmptyState, PageLoader } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { useMe } from '../auth/useMe';
import { RelativeTime } from '../comments/RelativeTime';
import { QUEUE_FAILED, useModerationLog, useModerationQueue, type ReportStatus } from './moderationApi';
import { ReportTargetCard } from './ReportTargetCard';
import { UsersTab } from './UsersTab';
import { describeAction } from './actionWords';
import page from '../../components/Page.module.css';
import styles from './ModerationPage.module.css';

type Tab = ReportStatus | 'log' | 'users';

const TABS: { value: Tab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'restored', label: 'Restored' },
  { value: 'log', label: 'Actions log' },
  { value: 'users', label: 'Users' },
];

/** '/moderation': the reports queue, the actions log and the accounts, for admins only (others are sent home). */
export default function ModerationPage() {
  const { user, isLoading } = useMe();
  const [tab, setTab] = useState<Tab>('open');
  if (isLoading) return <PageLoader />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <div className={page.page}>
      <PageHero eyebrow="Community care" title="Moderation" compact>
        <p>What fans reported, most recent first. Hide what breaks the rules, dismiss what does not; every action is logged.</p>
      </PageHero>
      <div className={styles.tabs} role="group" aria-label="Show">
        {TABS.map((t) => (
          <button key={t.value} type="button" className={styles.tab} aria-pressed={tab === t.value} onClick={() => setTab(t.value)}>
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'users' ? <UsersTab /> : tab === 'log' ? <ActionsLog /> : <Queue key={tab} status={tab} />}
    </div>
  );
}

function Queue({ status }: { status: ReportStatus }) {
  const queue = useModerationQueue(status);
  const [announcement, setAnnouncement] = useState('');
  const targets = queue.data?.pages.flatMap((p) => p.targets) ?? [];
  return (
    <section aria-label={`${status} reports`}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {queue.isPending ? (
        <p role="status" className={styles.muted}>
          Loading reports…
        </p>
      ) : queue.isError ? (
        <Failed error={queue.error} retry={() => void queue.refetch()} />
      ) : targets.length === 0 ? (
        <EmptyState>Nothing to review.</EmptyState>
      ) : (
        <ol className={styles.cards}>
          {targets.map((t) => (
            <li key={`${t.targetType}:${t.key}`}>
              <ReportTargetCard target={t} onDone={setAnnouncement} />
            </li>
          ))}
        </ol>
      )}
      {queue.hasNextPage && (
        <button type="button" className={page.buttonGhost} onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
          {queue.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

function ActionsLog() {
  const log = useModerationLog();
  const actions = log.data?.pages.flatMap((p) => p.actions) ?? [];
  return (
    <section aria-label="Actions log">
      {log.isPending ? (
        <p role="status" className={styles.muted}>
          Loading the log…
        </p>
      ) : log.isError ? (
        <Failed error={log.error} retry={() => void log.refetch()} />
      ) : actions.length === 0 ? (
        <EmptyState>No moderation actions yet.</EmptyState>
      ) : (
        <ol className={styles.log}>
          {actions.map((a) => (
            <li key={a.id} className={styles.logRow}>
              <span>{describeAction(a)}</span>
              <RelativeTime iso={a.createdAt} className={styles.muted} />
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <button type="button" className={page.buttonGhost} onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert" className={styles.failed}>
      <p>{userMessage(error, QUEUE_FAILED)}</p>
      <button type="button" className={page.buttonGhost} onClick={retry}>
        Try again
      </button>
    </div>
  );
}
