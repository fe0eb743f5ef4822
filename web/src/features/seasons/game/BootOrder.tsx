import { CastawayLink } from './CastawayLink';
import type { GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import type { People } from './people';
import { TableRegion } from './TableRegion';
import styles from './Game.module.css';

/** Who left when, first out first, the winner last. */
export function BootOrder({ game, people }: { game: GameSeason; people: People }) {
  if (game.boots.length === 0) return null;
  return (
    <GameSection title="Boot order" summary={`${game.castSize || game.cast.length} castaways`}>
      <TableRegion label="Boot order table">
        <table className={styles.table}>
          <caption className="visually-hidden">Boot order</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Castaway</th>
              <th scope="col">
                <abbr title="Episode">Ep.</abbr>
              </th>
              <th scope="col">Day</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {game.boots.map((b) => (
              <tr key={`${b.order}-${b.castaway}`}>
                <td className={styles.number}>{b.order}</td>
                <th scope="row" className={styles.rowName}>
                  <CastawayLink person={people(b.castaway)} face />
                </th>
                <td className={styles.number}>{b.episode}</td>
                <td className={styles.number}>{b.day}</td>
                <td>{b.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </GameSection>
  );
}
