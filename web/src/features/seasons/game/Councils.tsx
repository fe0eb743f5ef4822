import type { GameSeason } from './gameApi';
import { CouncilCard } from './CouncilCard';
import { GameSection } from './GameSection';
import type { People } from './people';
import styles from './Game.module.css';

/** Every tribal council of the season, in order. */
export function Councils({ game, people }: { game: GameSeason; people: People }) {
  if (game.councils.length === 0) return null;
  return (
    <GameSection title="Tribal councils" summary={`${game.councils.length} councils`}>
      <ol className={styles.councils}>
        {game.councils.map((c, i) => (
          <li key={i}>
            <CouncilCard council={c} people={people} />
          </li>
        ))}
      </ol>
    </GameSection>
  );
}
