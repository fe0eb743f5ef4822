import { dayText, viewersText } from './format';
import type { GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import { TableRegion } from './TableRegion';
import styles from './Game.module.css';

/** Each episode: number, title, air date, viewers, IMDb rating, castaways left. */
export function Episodes({ game }: { game: GameSeason }) {
  if (game.episodes.length === 0) return null;
  return (
    <GameSection title="Episodes" summary={`${game.episodes.length} episodes`}>
      <TableRegion label="Episodes table">
        <table className={styles.table}>
          <caption className="visually-hidden">Episodes</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Title</th>
              <th scope="col">Aired</th>
              <th scope="col">Viewers</th>
              <th scope="col">IMDb</th>
              <th scope="col">Left</th>
            </tr>
          </thead>
          <tbody>
            {game.episodes.map((e) => (
              <tr key={e.number}>
                <td className={styles.number}>{e.number}</td>
                <th scope="row" className={styles.rowName}>
                  {e.title}
                </th>
                <td className={styles.nowrap}>{dayText(e.date)}</td>
                <td className={styles.number}>{viewersText(e.viewers)}</td>
                <td className={styles.number}>{e.imdb ? e.imdb.toFixed(1) : ''}</td>
                <td className={styles.number}>{e.left}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </GameSection>
  );
}
