import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import type { CatalogContestant, Season } from '../../api/client';
import { FallbackImage } from '../FallbackImage';
import { seasonNumberLabel, shortSeasonName } from '../../lib/seasonDisplay';
import type { PanelItem } from '../../lib/panelItem';
import styles from './SeasonsPanel.module.css';

/** What a create-mode contestant tile gets: its item, and the click that adds it. */
export interface AddableTileProps {
  item: PanelItem;
  label: string;
  className: string;
  onAdd: () => void;
  children: ReactNode;
}

/**
 * Create mode: contestants and seasons can be added to the list being built. The creator
 * renders addable contestants with `tile` (a dnd-kit draggable, so the panel never loads dnd-kit).
 */
export interface Addable {
  onAdd: (item: PanelItem) => void;
  tile: ComponentType<AddableTileProps>;
}

export function seasonItem(season: Season): PanelItem {
  return { id: season.id, name: season.name, imageUrl: season.logoUrl, isSeason: true, seasonId: season.id, seasonName: season.name };
}

function contestantItem(contestant: CatalogContestant, season: Season): PanelItem {
  return { id: contestant.id, name: contestant.name, imageUrl: contestant.imageUrl, isSeason: false, seasonId: season.id, seasonName: season.name };
}

export function SeasonTitle({ season }: { season: Season }) {
  return (
    <>
      <span className={styles.seasonName}>{shortSeasonName(season.name)}</span>{' '}
      <span className={styles.seasonNumber}>{seasonNumberLabel(season)}</span>
    </>
  );
}

export function SeasonCard({ season, onOpen }: { season: Season; onOpen: (s: Season) => void }) {
  return (
    <li data-season-id={season.id}>
      <button type="button" className={styles.seasonCard} onClick={() => onOpen(season)} aria-label={`${shortSeasonName(season.name)}, ${seasonNumberLabel(season)}`}>
        <span className={styles.logoFrame}>
          <FallbackImage src={season.logoUrl} alt="" className={styles.logo} width={160} height={160} />
        </span>
        <SeasonTitle season={season} />
      </button>
    </li>
  );
}

interface ContestantTileProps {
  contestant: CatalogContestant;
  season: Season;
  showSeason?: boolean;
  addable?: Addable;
}

export function ContestantTile({ contestant, season, showSeason = false, addable }: ContestantTileProps) {
  const body = (
    <>
      <FallbackImage src={contestant.imageUrl} alt="" className={styles.headshot} width={96} height={96} />
      <span className={styles.contestantName}>{contestant.name}</span>
      {showSeason && (
        <span className={styles.contestantSeason}>
          {seasonNumberLabel(season)} · {shortSeasonName(season.name)}
        </span>
      )}
    </>
  );
  if (!addable) {
    return (
      <li>
        <Link to={`/castaways/${encodeURIComponent(contestant.id)}`} className={`${styles.contestant} ${styles.castawayLink}`} aria-label={`${contestant.name}, castaway page`}>
          {body}
        </Link>
      </li>
    );
  }
  const item = contestantItem(contestant, season);
  const Tile = addable.tile;
  return (
    <li>
      <Tile item={item} label={`Add ${contestant.name}`} className={`${styles.contestant} ${styles.addable}`} onAdd={() => addable.onAdd(item)}>
        {body}
      </Tile>
    </li>
  );
}
