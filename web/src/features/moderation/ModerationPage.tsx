import { useState } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { QUEUE_FAILED, useModerationLog, useModerationQueue, type ReportStatus } from './moderationApi';
import { Paged } from './Paged';
import { ReportTargetCards } from './ReportTargetCard';
import { UsersTab } from './UsersTab';
import { OnAirTab } from './onair/OnAirTab';
import { ActionRows } from './actionWords';
import page from '../../components/Page.module.css';
import styles from './ModerationPage.module.css';
import { MESSAGES } from '../../api/contract';

type Tab = ReportStatus | 'log' | 'users' | 'onair';

const TABS: { value: Tab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'restored', label: 'Restored' },
  { value: 'log', label: 'Actions log' },
  { value: 'users', label: 'Users' },
  { value: 'onair', label: 'Seasons on air' },
];

/** '/moderation': the reports queue, the actions log, the accounts and the seasons on air, for admins only (others are sent home). */
export default function ModerationPage() {
  usePageTitle(pageTitle('Moderation'));
  const { user, isLoading } = useMe();
  const [tab, setTab] = useState<Tab>('open');
  if (isLoading) return <PageLoader />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <div className={page.page}>
      <PageHero eyebrow="Community care" title="Moderation" compact>
        <p>{MESSAGES.moderationIntro}</p>
      </PageHero>
      <div className={styles.tabs} role="group" aria-label="Show">
        {TABS.map((t) => (
          <button key={t.value} type="button" className={styles.tab} aria-pressed={tab === t.value} onClick={() => setTab(t.value)}>
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'onair' ? <OnAirTab /> : tab === 'users' ? <UsersTab /> : tab === 'log' ? <ActionsLog /> : <Queue key={tab} status={tab} />}
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
      <Paged query={queue} count={targets.length} loading={MESSAGES.reportsLoading} failed={QUEUE_FAILED} empty={MESSAGES.noReports}>
        <ReportTargetCards targets={targets} onDone={setAnnouncement} />
      </Paged>
    </section>
  );
}

function ActionsLog() {
  const log = useModerationLog();
  const actions = log.data?.pages.flatMap((p) => p.actions) ?? [];
  return (
    <section aria-label="Actions log">
      <Paged query={log} count={actions.length} loading={MESSAGES.moderationLogLoading} failed={QUEUE_FAILED} empty={MESSAGES.noModerationActions}>
        <ActionRows actions={actions} />
      </Paged>
    </section>
  );
}
