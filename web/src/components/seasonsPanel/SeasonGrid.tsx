import type { Season } from '../../api/client';
import { SeasonCard } from './tiles';
import styles from './SeasonsPanel.module.css';
import { MESSAGES } from '../../api/contract';

export function SeasonGridSkeleton() {
  return (
    <div role="status" aria-live="polite" className={styles.loading}>
      <span className="visually-hidden">{MESSAGES.seasonsLoading}</span>
      <ul className={styles.seasonGrid} aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className={styles.skeletonCard}>
            <span className={styles.skeletonLogo} />
            <span className={styles.skeletonLine} />
            <span className={`${styles.skeletonLine} ${styles.short}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every season as a card; a card opens its season. */
export function SeasonGrid({ seasons, onOpen }: { seasons: readonly Season[]; onOpen: (s: Season) => void }) {
  return (
    <ul className={styles.seasonGrid} aria-label="All seasons">
      {seasons.map((s) => (
        <SeasonCard key={s.id} season={s} onOpen={onOpen} />
      ))}
    </ul>
  );
}
