import { gameCastaway } from './gameFixtures';
import type { GameCastaway, GameSeason } from '../features/moderation/onair/onairApi';

/** A castaway still in the game, as GET /game sends one, on tribe. */
export function castaway(id: string, name: string, tribe: string, result = ''): GameCastaway {
  return gameCastaway({ id, name, season: 's51', place: 0, result, survivorId: id, day: 0, episode: 0, originalTribe: tribe, tribes: [tribe], castSize: 4, scores: undefined });
}

/** Survivor 51 on air: Parvati and Jane on Luzon, Bob and Ann on Tuku. */
export function season51(change: Partial<GameSeason> = {}): GameSeason {
  return {
    id: 's51',
    franchise: 'US',
    number: 51,
    name: 'Survivor 51',
    filming: ['', ''],
    viewers: { premiere: 0, finale: 0, mean: 0 },
    castSize: 4,
    jurySize: 0,
    cast: [
      castaway('parvati-shallow', 'Parvati Shallow', 'Luzon'),
      castaway('jane-doe', 'Jane Doe', 'Luzon'),
      castaway('bob-roe', 'Bob Roe', 'Tuku'),
      castaway('ann-poe', 'Ann Poe', 'Tuku'),
    ],
    tribes: [],
    phases: [],
    boots: [],
    councils: [],
    advantages: [],
    jury: [],
    episodes: [],
    journeys: [],
    ...change,
  };
}
