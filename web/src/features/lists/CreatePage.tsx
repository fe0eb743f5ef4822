import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import styles from '../../components/Page.module.css';

export default function CreatePage() {
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Your ranking" title="Create Ranking" compact>
        <p>Click contestants to add them to your ranking list or drag them for precise positioning.</p>
      </PageHero>
      <EmptyState>Your list is empty. Pick castaways or seasons from the panel to begin.</EmptyState>
    </div>
  );
}
