import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { useMe } from '../auth/useMe';
import styles from '../../components/Page.module.css';

export default function MyListsPage() {
  const { user } = useMe();
  return (
    <div className={styles.page}>
      <PageHero eyebrow={user ? user.displayName : undefined} title="My Lists" compact>
        <p>Hidden Immunity Idols: {user?.idolsFound ?? 0}</p>
        <div className={styles.actions}>
          <Link to="/create" className={styles.button}>
            + Create New Ranking
          </Link>
        </div>
      </PageHero>
      <EmptyState>You have not made a ranking yet.</EmptyState>
    </div>
  );
}
