import { PageHero } from '../../components/PageHero';
import styles from '../../components/Page.module.css';

export default function LoginPage() {
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Come on in, guys" title="Sign In Required">
        <p>Sign in to build your own rankings, upvote your favourites and join the discussion.</p>
      </PageHero>
      <div className={styles.card}>
        <p>Sign-in with Google, Twitter or email is on its way to the island.</p>
        <p className={styles.muted}>Until then you can browse every season and castaway in the panel.</p>
      </div>
    </div>
  );
}
