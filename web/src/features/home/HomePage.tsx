import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { useMe } from '../auth/useMe';
import styles from '../../components/Page.module.css';

export default function HomePage() {
  const { isSignedIn } = useMe();
  return (
    <div className={styles.page}>
      <PageHero eyebrow="The tribe has spoken" title="Survivor Rankings">
        <p>Rank every castaway and every season, from Borneo to the new era. Publish your list, then see how the rest of the tribe votes.</p>
        <div className={styles.actions}>
          <Link to="/create" className={styles.button}>
            Start a Ranking
          </Link>
          <Link to="/rankings" className={styles.buttonGhost}>
            Browse Rankings
          </Link>
        </div>
      </PageHero>

      <section className={styles.section} aria-labelledby="home-top">
        <h2 id="home-top" className={styles.sectionTitle}>
          Top Voted Lists This Week
        </h2>
        <EmptyState>No lists have been voted on this week yet. Upvote a ranking you love and it will show up here.</EmptyState>
      </section>

      <section className={styles.section} aria-labelledby="home-recent">
        <h2 id="home-recent" className={styles.sectionTitle}>
          Recently Created Lists
        </h2>
        <EmptyState>Fresh rankings from the community land here. Be the first to light your torch.</EmptyState>
      </section>

      {isSignedIn && (
        <section className={styles.section} aria-labelledby="home-favs">
          <h2 id="home-favs" className={styles.sectionTitle}>
            Your Favorite Lists
          </h2>
          <EmptyState>Star a list to keep it close at hand.</EmptyState>
        </section>
      )}
    </div>
  );
}
