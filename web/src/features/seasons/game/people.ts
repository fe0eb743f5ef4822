import type { Season } from '../../../api/client';
import type { GameSeason } from './gameApi';

/** A castaway as the game's pages name them: the catalog's name and headshot for this season, the game's short name. */
export interface Person {
  id: string;
  name: string;
  /** What the show calls them ('Sugar', 'Russell H.'): short enough for a vote tally. */
  short: string;
  imageUrl: string;
}

export type People = (id: string) => Person;

/** Looks castaways up by id in the season's cast (catalog first, the game's names for anyone the catalog lacks). */
export function peopleOf(game: GameSeason, season: Season | undefined): People {
  const catalog = new Map(season?.contestants.map((c) => [c.id, c]));
  const cast = new Map(game.cast.map((c) => [c.id, c]));
  return (id) => {
    const c = catalog.get(id);
    const g = cast.get(id);
    const name = c?.name ?? g?.name ?? id;
    return { id, name, short: g?.shortName || name, imageUrl: c?.imageUrl ?? '' };
  };
}
