import { useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import styles from '../../components/Page.module.css';

export default function ListDetailPage() {
  const { userId = '', listId = '' } = useParams();
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Ranking" title="Ranking" compact>
        <p>
          List {listId} by {userId}
        </p>
      </PageHero>
      <section className={styles.section} aria-labelledby="list-comments">
        <h2 id="list-comments" className={styles.sectionTitle}>
          Comments
        </h2>
        <EmptyState>No comments yet.</EmptyState>
      </section>
    </div>
  );
}
