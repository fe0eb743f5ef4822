import { useLocation, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import styles from '../../components/Page.module.css';

function userNameFromState(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'userName' in state) {
    const name = (state as { userName: unknown }).userName;
    if (typeof name === 'string' && name !== '') return name;
  }
  return null;
}

export default function UserRankingsPage() {
  const { userId = '' } = useParams();
  const location = useLocation();
  const name = userNameFromState(location.state) ?? userId;
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Player profile" title={`Rankings by ${name}`} compact>
        <p>Every ranking this player has published.</p>
      </PageHero>
      <EmptyState>0 ranking(s) created by this user</EmptyState>
    </div>
  );
}
