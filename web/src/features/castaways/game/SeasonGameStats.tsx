import { ordinal } from '../../../lib/ordinal';
import type { CastawayPlace } from '../castawayApi';
import type { GameCastaway } from './castawayGameApi';
import { FansVsGame } from './FansVsGame';
import { GameStats } from './GameStats';
import { confessionalsText, outOf100 } from './judgement';
import styles from './CastawayGame.module.css';

interface Props {
  game: GameCastaway;
  community: CastawayPlace;
  castSize: number | undefined;
  seasonName: string;
}

/** A castaway's real game in one season: how it ended, how they voted and were voted for, idols, scores, confessionals. */
export function SeasonGameStats({ game, community, castSize, seasonName }: Props) {
  const place = game.place > 0 ? ` (${ordinal(game.place)}${castSize ? ` of ${castSize}` : ''})` : '';
  return (
    <div className={styles.game}>
      <FansVsGame community={community} gameRank={game.gameRank} castSize={castSize} />
      <GameStats
        label={`Their game in ${seasonName}`}
        stats={[
          ['Finish', `${game.result}${place}`],
          ['Days lasted', game.day],
          ['Tribes', game.tribes.filter((t) => t !== 'None').join(' → ')],
          ['Votes cast', game.votesCast],
          ['Votes received', game.votesReceived],
          ['Votes that sent someone home', game.bootVotes],
          ['Idols found / played', `${game.idolsFound} / ${game.idolsPlayed}`],
          ['Advantages found / played', `${game.advantagesFound} / ${game.advantagesPlayed}`],
          ['Challenge score', game.scores ? outOf100(game.scores.challenge) : ''],
          ['Vote score', game.scores ? outOf100(game.scores.vote) : ''],
          ['Confessionals', confessionalsText(game.confessionals, game.expectedConfessionals), true],
          ['Jury votes received', game.finalist ? game.juryVotes : ''],
        ]}
      />
    </div>
  );
}
