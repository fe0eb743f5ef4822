import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { userMessage } from '../../api/userMessage';
import type { RankedList } from './api';
import { ListCardGrid } from '../../components/ListCard';
import { useNearViewport } from '../../lib/useNearViewport';
import page from '../../components/Page.module.css';
import styles from './Remixes.module.css';
import { MESSAGES } from '../../api/contract';

const REMIXES_ERROR = MESSAGES.remixesFailed;

/** 'Remixed from {name} by {author}', while the original exists and the reader may see it. */
export function RemixedFrom({ list }: { list: RankedList }) {
  const origin = list.remixOf;
  if (!origin?.name || origin.userName === undefined) return null;
  return (
    <p className={styles.remixedFrom}>
      <RemixIcon /> Remixed from{' '}
      <Link to={`/list/${encodeURIComponent(origin.userId)}/${encodeURIComponent(origin.listId)}`} state={{ from: 'other' }}>
        {origin.name}
      </Link>{' '}
      by{' '}
      <Link to={`/rankings/user/${encodeURIComponent(origin.userId)}`} state={{ userName: origin.userName }}>
        {origin.userName}
      </Link>
    </p>
  );
}

export function RemixIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className={styles.icon}>
      <path
        d="M4 7h11l-3-3M20 17H9l3 3M15 7a5 5 0 0 1 0 10M9 17a5 5 0 0 1 0-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The list's public remixes, newest first, a page at a time; nothing while it has none. */
export function RemixesSection({ list }: { list: RankedList }) {
  // Read when the section nears the screen, as the Discussion below it is.
  const [near, section] = useNearViewport();
  const remixes = useInfiniteQuery({
    queryKey: queryKeys.lists.remixes(list.userId, list.id),
    queryFn: ({ pageParam, signal }) =>
      request(
        () =>
          api.GET('/api/lists/{userId}/{listId}/remixes', {
            params: { path: { userId: list.userId, listId: list.id }, query: pageParam === null ? {} : { cursor: pageParam } },
            signal,
          }),
        REMIXES_ERROR,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: list.remixCount > 0 && near,
  });
  if (list.remixCount === 0) return null;
  const lists = remixes.data?.pages.flatMap((p) => p.lists) ?? [];
  return (
    <section ref={section} className={styles.section} aria-labelledby="remixes-heading">
      <h2 id="remixes-heading" className={page.sectionTitle}>
        Remixes <span className={styles.count}>{list.remixCount}</span>
      </h2>
      {remixes.isError && lists.length === 0 ? (
        <p role="alert" className={styles.error}>
          {userMessage(remixes.error, REMIXES_ERROR)}
        </p>
      ) : (
        <ListCardGrid lists={lists} from="other" loading={remixes.isPending} skeletons={Math.min(3, list.remixCount)} label="Remixes of this list" />
      )}
      {remixes.hasNextPage && (
        <button type="button" className={page.buttonGhost} disabled={remixes.isFetchingNextPage} onClick={() => void remixes.fetchNextPage()}>
          {remixes.isFetchingNextPage ? 'Loading…' : 'Show more remixes'}
        </button>
      )}
    </section>
  );
}
