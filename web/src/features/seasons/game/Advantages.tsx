import { Fragment } from 'react';
import { CastawayLink } from './CastawayLink';
import { episodeDay } from './format';
import type { GameAdvantage, GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import type { People } from './people';
import styles from './Game.module.css';

type AdvantageEvent = GameAdvantage['events'][number];

/** How a play turned out, in words: the data's 'Yes' / 'No' / 'Not needed'. */
function outcomeText(e: AdvantageEvent): string {
  const worked = e.success === 'Yes' ? 'worked' : e.success === 'No' ? 'did not work' : e.success?.toLowerCase();
  const nullified = e.votesNullified ? `${e.votesNullified} ${e.votesNullified === 1 ? 'vote' : 'votes'} nullified` : '';
  return [worked, nullified].filter(Boolean).join(', ');
}

function EventLine({ e, people }: { e: AdvantageEvent; people: People }) {
  const outcome = outcomeText(e);
  return (
    <li className={styles.advantageEvent}>
      <span className={styles.label}>{e.event}</span> <CastawayLink person={people(e.castaway)} face />
      {e.playedFor && e.playedFor !== e.castaway && (
        <>
          {' '}
          for <CastawayLink person={people(e.playedFor)} />
        </>
      )}
      <span className={styles.when}>
        {' '}
        · <span className={styles.nowrap}>{episodeDay(e.episode, e.day)}</span>
        {outcome && <Fragment> · {outcome}</Fragment>}
      </span>
    </li>
  );
}

/** Every idol and advantage: what it was, where it hid, who found, passed and played it, and how that went. */
export function Advantages({ game, people }: { game: GameSeason; people: People }) {
  if (game.advantages.length === 0) return null;
  return (
    <GameSection title="Idols and advantages" summary={`${game.advantages.length} found`}>
      <ul className={styles.advantages}>
        {game.advantages.map((a, i) => {
          const about = [a.location, a.clue, a.conditions].filter(Boolean).join(' · ');
          return (
            <li key={i} className={styles.advantage}>
              <h3 className={styles.advantageType}>{a.type}</h3>
              {about && <p className={styles.about}>{about}</p>}
              <ol className={styles.advantageEvents}>
                {a.events.map((e, j) => (
                  <EventLine key={j} e={e} people={people} />
                ))}
              </ol>
            </li>
          );
        })}
      </ul>
    </GameSection>
  );
}
