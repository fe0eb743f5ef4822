import type { GameCastaway, GameSeason } from './onairApi';

/** A castaway still in the game, as GET /game sends one, on tribe. */
export function castaway(id: string, name: string, tribe: string, result = ''): GameCastaway {
  return {
    id,
    survivorId: id,
    season: 's51',
    name,
    shortName: name.split(' ')[0] ?? name,
    place: 0,
    result,
    day: 0,
    episode: 0,
    originalTribe: tribe,
    tribes: [tribe],
    jury: false,
    finalist: false,
    winner: false,
    votesCast: 0,
    castSize: 4,
    votesReceived: 0,
    bootVotes: 0,
    idolsFound: 0,
    idolsPlayed: 0,
    advantagesFound: 0,
    advantagesPlayed: 0,
    juryVotes: 0,
    confessionals: 0,
    expectedConfessionals: 0,
  };
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
