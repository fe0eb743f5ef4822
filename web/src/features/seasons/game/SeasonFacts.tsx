import { useId } from 'react';
import { GameCredit } from '../../../components/GameCredit';
import { MESSAGES } from '../../../api/contract';
import { HiddenItem } from '../../../components/watching/HiddenItem';
import { CastawayLink } from './CastawayLink';
import { dayRange, viewersText } from './format';
import type { GameSeason } from './gameApi';
import type { People } from './people';
import styles from './Game.module.css';

/** Where and when a season was played and aired, how many watched, who won and by what vote. */
export function SeasonFacts({ game, people, onReveal }: { game: GameSeason; people: People; onReveal: (what: string) => void }) {
  const headingId = useId();
  const place = [game.location, game.country && !game.location?.includes(game.country) ? game.country : ''].filter(Boolean).join(', ');
  const watched = [
    ['premiere', viewersText(game.viewers.premiere)],
    ['finale', viewersText(game.viewers.finale)],
    ['mean', viewersText(game.viewers.mean)],
  ].filter(([, n]) => n !== '');
  const facts: [string, string][] = [
    ['Location', place],
    ['Aired', dayRange(game.premiered, game.ended)],
    ['Filmed', dayRange(game.filming[0], game.filming[1])],
    ['Timeslot', game.timeslot ?? ''],
    ['Viewers', watched.map(([when, n]) => `${n} ${when}`).join(' · ')],
    ['Castaways', game.castSize ? String(game.castSize) : ''],
    ['Jury', game.jurySize ? String(game.jurySize) : ''],
  ];
  return (
    <section className={styles.facts} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.factsHeading}>
        Where and when
      </h2>
      <dl className={styles.factList}>
        {game.winner && (
          <div className={`${styles.fact} ${styles.winner}`}>
            <dt>Winner</dt>
            <dd>
              <CastawayLink person={people(game.winner)} face />
              {game.finalVote && <span className={styles.finalVote}>Final vote {game.finalVote}</span>}
            </dd>
          </div>
        )}
        {game.shield?.winnerHidden && (
          <div className={`${styles.fact} ${styles.winner}`}>
            <dt>Winner</dt>
            <dd>
              <HiddenItem what="the winner" message={MESSAGES.watchingHiddenWinner} onReveal={() => onReveal('winner')} as="div" />
            </dd>
          </div>
        )}
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {game.tribeSetup && (
        <p className={styles.setup}>
          <span className={styles.setupLabel}>Tribe setup</span> {game.tribeSetup}
        </p>
      )}
      <GameCredit />
    </section>
  );
}
