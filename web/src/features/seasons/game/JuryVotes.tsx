import { CastawayLink } from './CastawayLink';
import type { GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import type { People } from './people';
import styles from './Game.module.css';

/** The final tribal council: each finalist with the jurors who voted for them, and the result. */
export function JuryVotes({ game, people }: { game: GameSeason; people: People }) {
  const finalists = game.cast.filter((c) => c.finalist).sort((a, b) => a.place - b.place);
  if (finalists.length === 0) return null;
  return (
    <GameSection title="The jury's votes" summary={game.finalVote ? `Final vote ${game.finalVote}` : undefined} defaultOpen>
      <ul className={styles.finalists}>
        {finalists.map((f) => {
          const jurors = game.jury.filter((j) => j.finalist === f.id).map((j) => j.juror);
          return (
            <li key={f.id} className={`${styles.finalist} ${f.winner ? styles.winnerCard : ''}`}>
              <p className={styles.finalistName}>
                <CastawayLink person={people(f.id)} face />
                <span className={styles.result}>{f.result}</span>
              </p>
              <p className={styles.tallyLine}>
                {jurors.length} {jurors.length === 1 ? 'vote' : 'votes'}
              </p>
              {jurors.length > 0 && (
                <ul className={styles.jurors} aria-label={`Jurors voting for ${people(f.id).name}`}>
                  {jurors.map((id) => (
                    <li key={id}>
                      <CastawayLink person={people(id)} short />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </GameSection>
  );
}
