import { Link } from 'react-router';
import type { Season } from '../../api/client';
import { FallbackImage } from '../FallbackImage';
import { ChevronIcon } from '../icons';
import { shortSeasonName } from '../../lib/seasonDisplay';
import { ContestantTile, SeasonTitle, seasonItem, type Addable } from './tiles';
import styles from './SeasonsPanel.module.css';
import { MESSAGES } from '../../api/contract';
import { SeasonWatchControl } from '../watching/SeasonWatchControl';
import { useWatching } from '../../lib/watching';

interface Props {
  headingId: string;
  season: Season;
  isMobile: boolean;
  onBack: () => void;
  addable?: Addable;
}

/** One season: its logo and cast; in create mode the season itself can be added too. */
export function SeasonView({ headingId, season, isMobile, onBack, addable }: Props) {
  const logo = <FallbackImage src={season.logoUrl} alt="" className={styles.seasonHeaderLogo} width={72} height={72} />;
  const addSeason = () => addable?.onAdd(seasonItem(season));
  // The catalog's order may tell who went far: a season the fan has not finished is by name.
  const unfinished = useWatching().progress[season.id] !== undefined;
  const contestants = unfinished ? [...season.contestants].sort((a, b) => a.name.localeCompare(b.name)) : season.contestants;
  return (
    <section aria-labelledby={headingId}>
      <button type="button" className={styles.back} onClick={onBack}>
        <ChevronIcon direction="left" /> Back to Seasons
      </button>
      <div className={styles.seasonHeader}>
        {addable ? (
          <button
            type="button"
            className={styles.seasonLogoButton}
            onClick={addSeason}
            aria-label={`Add the season ${shortSeasonName(season.name)} to the list`}
            title="Tap to add the season to the list"
          >
            {logo}
          </button>
        ) : (
          logo
        )}
        <div className={styles.seasonHeaderText}>
          <h3 id={headingId} className={styles.seasonHeaderTitle}>
            <SeasonTitle season={season} />
          </h3>
          <Link to={`/seasons/${encodeURIComponent(season.id)}`} className={styles.communityLink}>
            Community ranking
          </Link>
        </div>
      </div>
      {!addable && <SeasonWatchControl seasonId={season.id} />}
      {addable &&
        (isMobile ? (
          <p className={styles.seasonHint}>Tap to add the season to the list</p>
        ) : (
          <button type="button" className={styles.addSeason} onClick={addSeason}>
            <span aria-hidden="true">+</span> Add season
          </button>
        ))}
      {season.contestants.length === 0 ? (
        <p className={styles.empty}>{MESSAGES.seasonNoCastaways}</p>
      ) : (
        <ul className={styles.contestantGrid} aria-label={`Contestants of ${shortSeasonName(season.name)}`}>
          {contestants.map((c) => (
            <ContestantTile key={c.id} contestant={c} season={season} addable={addable} />
          ))}
        </ul>
      )}
    </section>
  );
}
