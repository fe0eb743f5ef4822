import type { Season } from '../../api/client';
import type { SearchResults as Results } from '../../lib/catalogSearch';
import { ContestantTile, SeasonCard, type Addable } from './tiles';
import styles from './SeasonsPanel.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

interface Props {
  headingId: string;
  query: string;
  results: Results;
  onOpen: (s: Season) => void;
  addable?: Addable;
}

/** Seasons and contestants matching the search box. */
export function SearchResults({ headingId, query, results, onOpen, addable }: Props) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.viewTitle}>
        Search Results
      </h3>
      {results.seasons.length === 0 && results.contestants.length === 0 ? (
        <p className={styles.empty}>{formatMessage(MESSAGES.searchNoMatch, { query: query.trim() })}</p>
      ) : (
        <>
          {results.seasons.length > 0 && (
            <>
              <h4 className={styles.subTitle}>Seasons ({results.seasons.length})</h4>
              <ul className={styles.seasonGrid}>
                {results.seasons.map((s) => (
                  <SeasonCard key={s.id} season={s} onOpen={onOpen} />
                ))}
              </ul>
            </>
          )}
          {results.contestants.length > 0 && (
            <>
              <h4 className={styles.subTitle}>Contestants ({results.contestants.length})</h4>
              <ul className={styles.contestantGrid} aria-label="Matching contestants">
                {results.contestants.map(({ contestant, season }) => (
                  <ContestantTile key={`${season.id}/${contestant.id}`} contestant={contestant} season={season} showSeason addable={addable} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
