import { Link } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { EmptyState } from '../../components/EmptyState';
import { ListCardGrid } from '../../components/ListCard';
import { useMe } from '../../lib/session';
import { FEED_FAILED, useFeedPreview } from './followApi';
import page from '../../components/Page.module.css';
import styles from './Following.module.css';
import { MESSAGES } from '../../api/contract';

const TITLE = 'From Fans You Follow';

/** Home's 'From Fans You Follow': the newest few lists of the fans a signed-in reader follows, if they follow any. */
export function FollowedSection() {
  const { user } = useMe();
  const shown = user !== null && user.followingCount > 0;
  const feed = useFeedPreview(shown);
  if (!shown) return null;
  return (
    <section className={page.section} aria-labelledby="home-following">
      <div className={styles.head}>
        <h2 id="home-following" className={page.sectionTitle}>
          {TITLE}
        </h2>
        <Link to="/feed">See all from fans you follow</Link>
      </div>
      {feed.isError ? (
        <p role="alert" className={styles.error}>
          {userMessage(feed.error, FEED_FAILED)}
        </p>
      ) : feed.data && feed.data.lists.length === 0 ? (
        <EmptyState>{MESSAGES.feedEmpty}</EmptyState>
      ) : (
        <ListCardGrid lists={feed.data?.lists} from="home" loading={feed.isPending} dated label={TITLE} />
      )}
    </section>
  );
}
