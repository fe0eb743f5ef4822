import { useState } from 'react';
import { FallbackImage } from '../../components/FallbackImage';
import { PageHero } from '../../components/PageHero';
import { useShowFor } from '../../components/useShowFor';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { stripSurvivorPrefix } from '../../lib/seasonDisplay';
import { LegacyEditor } from './LegacyEditor';
import { itemLabel, LegacyListCard } from './LegacyListCard';
import { LEGACY_LISTS, LOAD_FAILED, SAVED, SAVED_MS, useLegacyRankings, type LegacyItem } from './legacyApi';
import { LoadFailed } from '../../components/Failure';
import { userMessage } from '../../api/userMessage';
import page from '../../components/Page.module.css';
import ui from '../../components/ui.module.css';
import styles from './LegacyPage.module.css';
import { MESSAGES } from '../../api/contract';

const updatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function LegacyList({ title, items }: { title: string; items: LegacyItem[] }) {
  return (
    <LegacyListCard
      title={title}
      items={items}
      row={(item) => (
        <>
          <FallbackImage src={item.imageUrl} alt="" width={44} height={44} className={item.isSeason ? styles.logo : styles.headshot} />
          <span className={styles.itemText}>
            <span className={styles.itemName}>{itemLabel(item)}</span>
            {!item.isSeason && item.seasonName && <span className={styles.itemMeta}>{stripSurvivorPrefix(item.seasonName)}</span>}
          </span>
        </>
      )}
    />
  );
}

/** The earlier site's shared record: Maddy's, Andrew's and Kendall's lists, live; a signed-in fan may edit them. */
export default function LegacyPage() {
  usePageTitle(pageTitle('Legacy Rankings'));
  const record = useLegacyRankings();
  const { isSignedIn } = useMe();
  const [editing, setEditing] = useState(false);
  const [saved, showSaved] = useShowFor<true>(SAVED_MS);
  let body;
  if (record.isPending) {
    body = (
      <div className={`${ui.skeleton} ${styles.loading}`} role="status">
        <span className="visually-hidden">{MESSAGES.legacyLoading}</span>
      </div>
    );
  } else if (record.isError) {
    body = (
      <LoadFailed message={userMessage(record.error, LOAD_FAILED)} onRetry={() => void record.refetch()} className={ui.errorBanner} retryLabel="Retry" />
    );
  } else if (editing) {
    body = (
      <LegacyEditor
        initial={record.data}
        onDone={(ok) => {
          setEditing(false);
          if (ok) showSaved(true);
        }}
      />
    );
  } else {
    body = (
      <>
        {(isSignedIn || saved) && (
          <div className={styles.toolbar}>
            {saved ? (
              <p role="status" className={styles.saved}>
                {SAVED}
              </p>
            ) : (
              <span />
            )}
            {isSignedIn && (
              <button type="button" className={page.buttonGhost} onClick={() => setEditing(true)}>
                Edit the lists
              </button>
            )}
          </div>
        )}
        <div className={styles.lists}>
          {LEGACY_LISTS.map((l) => (
            <LegacyList key={l.key} title={l.title} items={record.data[l.key]} />
          ))}
        </div>
        <p className={page.muted}>
          Last updated <time dateTime={record.data.lastUpdated}>{updatedFormat.format(new Date(record.data.lastUpdated))}</time>
        </p>
      </>
    );
  }
  return (
    <div className={page.page}>
      <PageHero eyebrow="From the archive" title="Legacy Rankings" compact>
        <p>{MESSAGES.legacyIntro}</p>
      </PageHero>
      {body}
    </div>
  );
}
