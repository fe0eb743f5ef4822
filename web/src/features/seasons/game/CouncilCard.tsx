import { Fragment } from 'react';
import { CastawayLink } from './CastawayLink';
import { statusText } from './format';
import type { GameCouncil } from './gameApi';
import type { People } from './people';
import { eventText, immuneAt, roundsOf, type Round } from './votes';
import styles from './Game.module.css';

function roundTitle(r: Round, rounds: number): string {
  if (r.round === 1) return r.tie ? 'Tied vote' : 'Vote';
  return rounds > 2 ? `Revote ${r.round - 1}` : 'Revote';
}

/** A round's votes grouped by target: who voted for whom, nullified votes marked, and who had no vote. */
function RoundVotes({ round, people }: { round: Round; people: People }) {
  return (
    <>
      <ul className={styles.voteGroups}>
        {round.groups.map((g) => (
          <li key={`${g.target}-${g.nullified}`} className={`${styles.voteGroup} ${g.nullified ? styles.nullified : ''}`}>
            <span className={styles.target}>
              <CastawayLink person={people(g.target)} face />
              <span className={styles.tally}>
                {g.votes.length} {g.votes.length === 1 ? 'vote' : 'votes'}
                {g.nullified && <span className={styles.nullMark}> · nullified</span>}
              </span>
            </span>
            <span className={styles.voters}>
              <span className="visually-hidden">from </span>
              {g.votes.map((v, i) => (
                <Fragment key={`${v.voter}-${i}`}>
                  <span className={styles.voter}>
                    <CastawayLink person={people(v.voter)} short />
                    {v.event && <span className={styles.event}> ({eventText(v)})</span>}
                  </span>{' '}
                </Fragment>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {round.without.length > 0 && (
        <p className={styles.without}>
          <span className={styles.label}>No vote:</span>{' '}
          {round.without.map((v, i) => (
            <Fragment key={`${v.voter}-${i}`}>
              {i > 0 && ', '}
              <CastawayLink person={people(v.voter)} short />
              {v.event && <span className={styles.event}> ({eventText(v)})</span>}
            </Fragment>
          ))}
        </p>
      )}
    </>
  );
}

/** One tribal council: when, which tribe, who went home, and every vote. */
export function CouncilCard({ council, people }: { council: GameCouncil; people: People }) {
  const rounds = roundsOf(council);
  const immune = immuneAt(council);
  return (
    <article className={styles.council} aria-label={`Tribal council, episode ${council.episode}, day ${council.day}`}>
      <h3 className={styles.councilTitle}>
        Episode {council.episode} · Day {council.day} · {council.tribe}
        {council.tribeStatus && council.tribeStatus !== 'Original' && <span className={styles.tribeStatus}> {statusText(council.tribeStatus)}</span>}
      </h3>
      {council.out.length > 0 && (
        <p className={styles.out}>
          <span className={styles.label}>Out:</span>{' '}
          {council.out.map((id) => (
            <CastawayLink key={id} person={people(id)} face />
          ))}
        </p>
      )}
      {rounds.map((r) => (
        <div key={r.round} className={styles.round}>
          {(rounds.length > 1 || r.tie) && <h4 className={styles.roundTitle}>{roundTitle(r, rounds.length)}</h4>}
          <RoundVotes round={r} people={people} />
        </div>
      ))}
      {immune.length > 0 && (
        <p className={styles.immune}>
          <span className={styles.label}>Immune:</span>{' '}
          {immune.map((x, i) => (
            <Fragment key={x.castaway}>
              {i > 0 && ', '}
              <CastawayLink person={people(x.castaway)} short /> ({x.immunity.toLowerCase()})
            </Fragment>
          ))}
        </p>
      )}
    </article>
  );
}
