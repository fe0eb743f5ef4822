import type { ReactNode } from 'react';
import { userMessage } from '../../api/userMessage';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from './ModerationPage.module.css';

/** What Paged reads of an infinite query. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface Props {
  query: PagedQuery;
  /** How many items the pages loaded so far hold. */
  count: number;
  /** What shows while the first page loads. */
  loading: string;
  /** What a failure says when the server gave no message of its own. */
  failed: string;
  empty: ReactNode;
  /** The list, shown once it has something in it. */
  children: ReactNode;
}

/** A paged list as moderators see it: loading, failed with Try again, empty, or the list; then Load more while pages remain. */
export function Paged({ query, count, loading, failed, empty, children }: Props) {
  return (
    <>
      {query.isPending ? (
        <p role="status" className={styles.muted}>
          {loading}
        </p>
      ) : query.isError ? (
        <LoadFailed message={userMessage(query.error, failed)} onRetry={() => void query.refetch()} className={styles.failed} />
      ) : count === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        children
      )}
      {query.hasNextPage && (
        <button type="button" className={page.buttonGhost} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}
