import type { CSSProperties } from 'react';
import { useShownCount } from '../../../lib/later';
import { CastawayLink } from './CastawayLink';
import { episodeDay, statusText } from './format';
import type { GameSeason } from './gameApi';
import { GameSection } from './GameSection';
import type { People } from './people';
import { colourOf, isTribe, phaseTitle, tribalPhases } from './phases';
import styles from './Game.module.css';

/** The cast in their tribes, in each tribe's colour: the original tribes, then each swap and the merge. */
export function TribePhases({ game, people }: { game: GameSeason; people: People }) {
  const phases = tribalPhases(game.phases);
  // As the app starts, the original tribes at once and each swap and the merge a slice later (lib/later).
  const shown = useShownCount(phases.length, 1);
  if (phases.length === 0) return null;
  return (
    <GameSection title="Cast and tribes" summary={`${game.cast.length} castaways`} defaultOpen>
      {phases.slice(0, shown).map((phase, i) => (
        <div key={`${phase.episode}-${i}`} className={styles.phase}>
          <h3 className={styles.phaseTitle}>
            {phaseTitle(phase, i)} <span className={styles.when}>{episodeDay(phase.episode, phase.day)}</span>
          </h3>
          <ul className={styles.tribes}>
            {phase.tribes.filter(isTribe).map((tribe) => (
              <li key={tribe.name} className={styles.tribe} style={{ '--tribe': colourOf(game, tribe.name, tribe.status) } as CSSProperties}>
                <h4 className={styles.tribeName}>
                  <span className={styles.swatch} aria-hidden="true" />
                  {tribe.name} <span className={styles.tribeStatus}>{statusText(tribe.status)}</span>
                </h4>
                <ul className={styles.members}>
                  {tribe.members.map((id) => (
                    <li key={id}>
                      <CastawayLink person={people(id)} face short />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </GameSection>
  );
}
