import { formatMessage, MESSAGES } from '../../../api/contract';
import { HiddenItem } from '../../../components/watching/HiddenItem';
import { CastawayLink } from './CastawayLink';
import type { GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import type { People } from './people';
import { TableRegion } from './TableRegion';
import styles from './Game.module.css';

/** Who left when, first out first, the winner last; boots the spoiler shield hides stand as placeholders to reveal one by one. */
export function BootOrder({ game, people, onReveal }: { game: GameSeason; people: People; onReveal: (what: string) => void }) {
  const hidden = game.shield?.hiddenBoots ?? [];
  if (game.boots.length === 0 && hidden.length === 0) return null;
  const rows = [...game.boots.map((b) => ({ order: b.order, boot: b })), ...hidden.map((order) => ({ order, boot: undefined }))].sort((a, b) => a.order - b.order);
  return (
    <GameSection
      title="Boot order"
      summary={hidden.length > 0 ? formatMessage(MESSAGES.watchingHiddenBoots, { count: hidden.length }) : `${game.castSize || game.cast.length} castaways`}
    >
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
            {rows.map(({ order, boot: b }) =>
              b ? (
                <tr key={`${b.order}-${b.castaway}`}>
                  <td className={styles.number}>{b.order}</td>
                  <th scope="row" className={styles.rowName}>
                    <CastawayLink person={people(b.castaway)} face />
                  </th>
                  <td className={styles.number}>{b.episode}</td>
                  <td className={styles.number}>{b.day}</td>
                  <td>{b.result}</td>
                </tr>
              ) : (
                <tr key={`hidden-${order}`}>
                  <td className={styles.number}>{order}</td>
                  <td colSpan={4}>
                    <HiddenItem what={`boot ${order}`} onReveal={() => onReveal(`boot:${order}`)} />
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </TableRegion>
    </GameSection>
  );
}
