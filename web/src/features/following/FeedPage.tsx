import { Link } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { EmptyState } from '../../components/EmptyState';
import { ListCardGrid } from '../../components/ListCard';
import { PageHero } from '../../components/PageHero';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { FEED_FAILED, useFeed } from './followApi';
import { LoadFailed } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from './Following.module.css';
import { MESSAGES } from '../../api/contract';
import { Sentence } from '../../components/Sentence';

/** '/feed': every list and remix the fans the reader follows published, newest first. */
export default function FeedPage() {
  usePageTitle(pageTitle('From Fans You Follow'));
  const feed = useFeed();
  const lists = feed.data?.pages.flatMap((p) => p.lists);
  const following = feed.data?.pages[0]?.followingCount ?? 0;
  return (
    <div className={page.page}>
      <PageHero eyebrow="Your tribe" title="From Fans You Follow" compact>
        <p>{MESSAGES.feedIntro}</p>
      </PageHero>
      <section className={page.section} aria-label="From Fans You Follow">
        {feed.isError && lists === undefined ? (
          <LoadFailed message={userMessage(feed.error, FEED_FAILED)} onRetry={() => void feed.refetch()} className={styles.error} />
        ) : lists !== undefined && lists.length === 0 ? (
          <EmptyState>
            {following === 0 ? (
              <Sentence message={MESSAGES.feedFollowNobody} values={{ browse: <Link to="/rankings">Browse rankings</Link> }} />
            ) : (
              MESSAGES.feedEmpty
            )}
          </EmptyState>
        ) : (
          <ListCardGrid lists={lists} from="other" loading={feed.isPending} dated label="From Fans You Follow" />
        )}
        {feed.hasNextPage && (
          <div className={styles.more}>
            <button type="button" className={page.buttonGhost} onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
              {feed.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
