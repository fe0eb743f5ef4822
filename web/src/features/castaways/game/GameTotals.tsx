import { GameCredit } from '../../../components/GameCredit';
import type { GamePerson } from './castawayGameApi';
import { GameStats } from './GameStats';
import { confessionalsText } from './judgement';
import page from '../../../components/Page.module.css';

/** Every season of a castaway's game added up. */
export function GameTotals({ person }: { person: GamePerson }) {
  const t = person.totals;
  return (
    <section className={page.section} aria-labelledby="game-totals-heading">
      <h2 id="game-totals-heading" className={page.sectionTitle}>
        In total
      </h2>
      <GameStats
        label={`${person.name}'s game in total`}
        stats={[
          ['Seasons', person.seasons.length],
          ['Days played', person.days],
          ['Votes cast', t.votesCast],
          ['Votes received', t.votesReceived],
          ['Votes that sent someone home', t.bootVotes],
          ['Idols found / played', `${t.idolsFound} / ${t.idolsPlayed}`],
          ['Advantages found / played', `${t.advantagesFound} / ${t.advantagesPlayed}`],
          ['Confessionals', confessionalsText(t.confessionals, t.expectedConfessionals), true],
          ['Jury votes received', t.juryVotes],
        ]}
      />
      <GameCredit />
    </section>
  );
}
