import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { FallbackImage } from '../../components/FallbackImage';
import { PageHero } from '../../components/PageHero';
import { TorchMark } from '../../components/icons';
import { useShowFor } from '../../components/useShowFor';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { stripSurvivorPrefix } from '../../lib/seasonDisplay';
import { DELETE_ERROR, formatDate, useDeleteList, useUserLists, type ListSummary } from './api';
import type { EditState } from './create/editState';
import { typeTagFor } from '../../lib/tags';
import page from '../../components/Page.module.css';
import styles from './MyListsPage.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';
import { userMessage } from '../../api/userMessage';
import { ErrorLine, LoadFailed } from '../../components/Failure';

export const DELETE_CONFIRM_MS = 5000;

function ListCardSkeleton() {
  return (
    <li className={`${styles.card} ${styles.skeletonCard}`} aria-hidden="true">
      <span className={styles.skLine} />
      <span className={`${styles.skLine} ${styles.skShort}`} />
      <span className={styles.skBlock} />
    </li>
  );
}

function MyListCard({ list }: { list: ListSummary }) {
  const navigate = useNavigate();
  const [confirming, showConfirm, hideConfirm] = useShowFor<true>(DELETE_CONFIRM_MS);
  const remove = useDeleteList();
  const deleting = remove.isPending || remove.isSuccess;

  function onDelete() {
    if (!confirming) {
      remove.reset();
      showConfirm(true);
      return;
    }
    hideConfirm();
    remove.mutate(list);
  }

  const seasons = typeTagFor(list.topItems) === 'season-ranking';
  const noun = seasons ? (list.contestantCount === 1 ? 'season' : 'seasons') : list.contestantCount === 1 ? 'contestant' : 'contestants';
  const href = `/list/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}`;
  const edit: EditState = { editingListId: list.id };
  const topTier = list.format === 'tiers' ? list.topTier : undefined;
  const shown = Math.min(3, list.topItems.length);

  return (
    <li className={`${styles.card} ${deleting ? styles.deleting : ''}`}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Link to={href} state={{ from: 'other' }}>
            {list.name}
          </Link>
        </h2>
        {!list.isPublic && <span className={styles.private}>Private</span>}
      </div>
      <p className={styles.meta}>
        <span>Updated: {formatDate(list.updatedAt)}</span>
        <span aria-hidden="true">·</span>
        <span>
          {list.contestantCount} {noun}
        </span>
        {list.format === 'tiers' && (
          <>
            <span aria-hidden="true">·</span>
            <span className={styles.format}>Tier list</span>
          </>
        )}
      </p>
      {list.topItems.length > 0 && (
        <ol className={styles.top} aria-label={topTier ? `Top tier ${topTier.label} of ${list.name}` : `Top ${shown} of ${list.name}`}>
          {list.topItems.slice(0, 3).map((item, i) => (
            <li key={item.id} className={styles.topItem}>
              {topTier ? (
                <span className={styles.topTier} data-color={topTier.color} aria-hidden="true">
                  {topTier.label}
                </span>
              ) : (
                <span className={styles.topRank} aria-hidden="true">
                  {i + 1}
                </span>
              )}
              <FallbackImage src={item.imageUrl} alt="" width={40} height={40} className={item.isSeason ? styles.topLogo : styles.topHead} />
              <span className={styles.topName}>{item.isSeason ? stripSurvivorPrefix(item.name) : item.name}</span>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.cardActions}>
        <button type="button" className={styles.edit} onClick={() => void navigate('/create', { state: edit })} aria-label={`Edit ${list.name}`}>
          Edit
        </button>
        <button
          type="button"
          className={`${styles.delete} ${confirming ? styles.confirm : ''}`}
          onClick={onDelete}
          disabled={deleting}
          aria-label={confirming ? `Confirm deleting ${list.name}` : `Delete ${list.name}`}
        >
          {deleting ? 'Deleting…' : confirming ? 'Confirm' : 'Delete'}
        </button>
      </div>
      {confirming && (
        <p className={styles.confirmHint} role="status">
          {MESSAGES.listDeleteConfirmHint}
        </p>
      )}
      <ErrorLine request={remove} fallback={DELETE_ERROR} className={styles.error} />
    </li>
  );
}

/** What the app hands in: the account's name editor (auth). */
export interface MyListsParts {
  UsernameEditor: ComponentType;
}

export default function MyListsPage({ UsernameEditor }: MyListsParts) {
  usePageTitle(pageTitle('My Lists'));
  const { user } = useMe();
  const lists = useUserLists(user?.id);

  return (
    <div className={page.page}>
      <PageHero eyebrow="Your tribe's work" title="My Lists" compact>
        <p className={styles.idols}>
          <TorchMark width={16} height={22} /> {formatMessage(MESSAGES.idolCount, { count: user?.idolsFound ?? 0 })}
        </p>
      </PageHero>

      <div className={styles.toolbar}>
        <div className={styles.username}>
          <UsernameEditor />
        </div>
        <Link to="/create" className={page.button}>
          + Create New Ranking
        </Link>
      </div>

      <section className={page.section} aria-labelledby="mylists-heading">
        <h2 id="mylists-heading" className={page.sectionTitle}>
          Your Rankings
          {lists.data && <span className={styles.total}>({lists.data.length})</span>}
        </h2>
        {lists.isPending ? (
          <div role="status">
            <span className="visually-hidden">{MESSAGES.myListsLoading}</span>
            <ul className={styles.grid}>
              <ListCardSkeleton />
              <ListCardSkeleton />
              <ListCardSkeleton />
            </ul>
          </div>
        ) : lists.isError ? (
          <LoadFailed message={userMessage(lists.error, MESSAGES.myListsFailed)} onRetry={() => void lists.refetch()} className={styles.loadError} retryLabel="Retry" />
        ) : lists.data.length === 0 ? (
          <div className={styles.empty}>
            <TorchMark width={32} height={46} />
            <p className={styles.emptyTitle}>No rankings yet</p>
            <p>{MESSAGES.myListsEmpty}</p>
            <Link to="/create" className={page.button}>
              Create your first ranking
            </Link>
          </div>
        ) : (
          <ul className={styles.grid}>
            {lists.data.map((l) => (
              <MyListCard key={l.id} list={l} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
