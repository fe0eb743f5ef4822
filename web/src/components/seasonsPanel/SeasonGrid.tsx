import type { Season } from '../../api/client';
import { SeasonCard } from './tiles';
import { useShownCount } from '../../lib/later';
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

/** Every season as a card (as the app starts, the first few at once and the rest a slice at a time); a card opens its season. */
export function SeasonGrid({ seasons, onOpen }: { seasons: readonly Season[]; onOpen: (s: Season) => void }) {
  const shown = useShownCount(seasons.length, 12);
  return (
    <ul className={styles.seasonGrid} aria-label="All seasons">
      {seasons.slice(0, shown).map((s) => (
        <SeasonCard key={s.id} season={s} onOpen={onOpen} />
      ))}
    </ul>
  );
}
