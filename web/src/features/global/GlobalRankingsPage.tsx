import { Link } from 'react-router';
import { TrophyIcon } from '../../components/icons';
import { PageHero } from '../../components/PageHero';
import { GLOBAL_LISTS } from './globalLists';
import styles from '../../components/Page.module.css';

export default function GlobalRankingsPage() {
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Community vote" title="Global Rankings" compact>
        <p>One vote per fan. Ten slots. The tribe decides the definitive top 10.</p>
      </PageHero>
      <ul className={styles.featureList}>
        {GLOBAL_LISTS.map((l) => (
          <li key={l.id} className={styles.featureCard}>
            <TrophyIcon width={32} height={32} style={{ color: 'var(--color-flame-300)' }} />
            <h3>{l.title}</h3>
            <p className={styles.muted}>{l.description}</p>
            <div className={styles.actions}>
              <Link to={`/global-rankings/${l.id}`} className={styles.button} aria-label={`Open ${l.title}`}>
                View Global Ranking
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
