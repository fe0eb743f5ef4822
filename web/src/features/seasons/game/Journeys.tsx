import { CastawayLink } from './CastawayLink';
import type { GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import type { People } from './people';
import { TableRegion } from './TableRegion';
import styles from './Game.module.css';

/** The journeys castaways were sent on, and what each offered or cost them. */
export function Journeys({ game, people }: { game: GameSeason; people: People }) {
  if (game.journeys.length === 0) return null;
  return (
    <GameSection title="Journeys" summary={`${game.journeys.length} ${game.journeys.length === 1 ? 'journey' : 'journeys'}`}>
      <TableRegion label="Journeys table">
        <table className={styles.table}>
          <caption className="visually-hidden">Journeys</caption>
          <thead>
            <tr>
              <th scope="col">
                <abbr title="Episode">Ep.</abbr>
              </th>
              <th scope="col">Castaway</th>
              <th scope="col">Game</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {game.journeys.map((j, i) => (
              <tr key={`${j.episode}-${j.castaway}-${i}`}>
                <td className={styles.number}>{j.episode}</td>
                <th scope="row" className={styles.rowName}>
                  <CastawayLink person={people(j.castaway)} face />
                </th>
                <td>{j.game ?? '—'}</td>
                <td>{[j.reward, j.lostVote ? 'Lost their vote' : null, j.event].filter(Boolean).join(' · ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </GameSection>
  );
}
