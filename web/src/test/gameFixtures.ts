import type { components } from '../api/schema.gen';

type GameSeason = components['schemas']['GameSeason'];
type GameCastaway = components['schemas']['GameCastaway'];

const scores = { overall: 0.5, outwit: 0.5, outplay: 0.5, outlast: 0.5, challenge: 0.25, vote: 0.7, advantage: 0.5, jury: 0.5 };

/** One castaway's game in a season, zeros where a test does not care. */
export function gameCastaway(over: Partial<GameCastaway> & Pick<GameCastaway, 'id' | 'name' | 'season' | 'place' | 'result'>): GameCastaway {
  return {
    survivorId: 'AU0000',
    shortName: over.name.split(' ')[0] ?? over.name,
    day: 39,
    episode: 14,
    originalTribe: 'Champions',
    tribes: ['Champions'],
    jury: false,
    finalist: false,
    winner: false,
    votesCast: 0,
    castSize: 3,
    votesReceived: 0,
    bootVotes: 0,
    idolsFound: 0,
    idolsPlayed: 0,
    advantagesFound: 0,
    advantagesPlayed: 0,
    juryVotes: 0,
    confessionals: 0,
    expectedConfessionals: 0,
    scores,
    ...over,
  };
}

/** Survivor Australia: Champions vs. Contenders, cut down to the fixture catalog's three castaways of au3. */
export const au3Game: GameSeason = {
  id: 'au3',
  franchise: 'AU',
  number: 3,
  name: 'Survivor Australia: Champions vs. Contenders',
  location: 'Savusavu',
  country: 'Fiji',
  tribeSetup: 'Champions against Contenders.',
  premiered: '2018-05-03',
  ended: '2018-06-21',
  filming: ['2017-06-01', '2017-07-20'],
  timeslot: 'Sundays at 7:30pm',
  viewers: { premiere: 716000, finale: 862000, mean: 672375 },
  castSize: 3,
  jurySize: 1,
  winner: 'au-shane-gould',
  finalVote: '1-0',
  cast: [
    gameCastaway({ id: 'au-shane-gould', name: 'Shane Gould', season: 'au3', place: 1, result: 'Sole Survivor', finalist: true, winner: true, juryVotes: 1, gameRank: 2 }),
    gameCastaway({ id: 'au-sharn-coombes', name: 'Sharn Coombes', season: 'au3', place: 2, result: 'Runner-up', finalist: true, originalTribe: 'Contenders', gameRank: 1 }),
    gameCastaway({ id: 'russell-hantz', name: 'Russell Hantz', shortName: 'Russell H.', season: 'au3', place: 3, result: '1st voted out', day: 5, episode: 2, jury: true, gameRank: 3 }),
  ],
  tribes: [
    { name: 'Champions', colour: '#0000FF', status: 'Original' },
    { name: 'Contenders', colour: '#FF0000', status: 'Original' },
    { name: 'Koro Savu', colour: '#000000', status: 'Merged' },
  ],
  phases: [
    {
      episode: 1,
      day: 3,
      tribes: [
        { name: 'Champions', status: 'Original', members: ['au-shane-gould', 'russell-hantz'] },
        { name: 'Contenders', status: 'Original', members: ['au-sharn-coombes'] },
      ],
    },
    { episode: 3, day: 8, tribes: [{ name: 'Koro Savu', status: 'Merged', members: ['au-shane-gould', 'au-sharn-coombes'] }] },
  ],
  boots: [
    { order: 1, castaway: 'russell-hantz', episode: 2, day: 5, result: '1st voted out' },
    { order: 2, castaway: 'au-sharn-coombes', episode: 3, day: 9, result: 'Runner-up' },
    { order: 3, castaway: 'au-shane-gould', episode: 3, day: 9, result: 'Sole Survivor' },
  ],
  councils: [
    {
      order: 1,
      episode: 2,
      day: 5,
      tribe: 'Champions',
      tribeStatus: 'Original',
      out: ['russell-hantz'],
      votes: [
        { round: 1, voter: 'au-shane-gould', target: 'russell-hantz', tie: true },
        { round: 1, voter: 'russell-hantz', target: 'au-shane-gould', tie: true },
        { round: 1, voter: 'au-sharn-coombes', target: 'au-shane-gould', nullified: true, tie: true },
        { round: 2, voter: 'au-shane-gould', target: 'russell-hantz', immunity: 'Hidden' },
        { round: 2, voter: 'russell-hantz', event: 'Deadlock', outcome: "Can't vote" },
        { round: 2, voter: 'au-sharn-coombes', target: 'russell-hantz', event: 'Steal a vote', outcome: 'Extra vote' },
      ],
    },
  ],
  advantages: [
    {
      type: 'Hidden Immunity Idol',
      location: 'Found around camp',
      events: [
        { castaway: 'au-shane-gould', event: 'Found', episode: 1, day: 2 },
        { castaway: 'au-shane-gould', event: 'Played', episode: 2, day: 5, playedFor: 'au-shane-gould', success: 'Yes', votesNullified: 1 },
      ],
    },
  ],
  jury: [{ juror: 'russell-hantz', finalist: 'au-shane-gould' }],
  episodes: [
    { number: 1, overall: 53, title: 'Episode 1', date: '2018-05-03', minutes: 84, viewers: 716000, imdb: 8.5, ratings: 30, left: 3 },
    { number: 2, overall: 54, title: 'The Deadlock', date: '2018-05-04', viewers: 615000, left: 2 },
  ],
  journeys: [],
};
