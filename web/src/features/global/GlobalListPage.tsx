import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { findGlobalList } from './globalLists';
import styles from '../../components/Page.module.css';

export default function GlobalListPage() {
  const { listId } = useParams();
  const list = findGlobalList(listId);
  if (!list) return <Navigate to="/global-rankings" replace />;
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Global ranking" title={list.title} compact>
        <p>{list.description}</p>
        <p>Total Submissions: 0</p>
      </PageHero>
      <section className={styles.section} aria-labelledby="global-results">
        <h2 id="global-results" className={styles.sectionTitle}>
          Global Top 10 Results
        </h2>
        <EmptyState>No votes yet. The jury is still out.</EmptyState>
      </section>
    </div>
  );
}
