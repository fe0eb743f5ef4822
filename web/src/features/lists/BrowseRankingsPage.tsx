import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import styles from '../../components/Page.module.css';

export default function BrowseRankingsPage() {
  return (
    <div className={styles.page}>
      <PageHero eyebrow="Other Rankings" title="Browse Rankings" compact>
        <p>Every published ranking from the community: seasons, castaways, strategists and challenge beasts.</p>
      </PageHero>
      <EmptyState>No lists found matching your criteria.</EmptyState>
    </div>
  );
}
