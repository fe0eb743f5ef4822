import { formatMessage, MESSAGES } from '../../../api/contract';
import { SeenEverything } from '../../../components/watching/SeenEverything';
import { WatchProgressSelect } from '../../../components/watching/WatchProgressSelect';
import type { GameSeason } from './gameApi';
import styles from '../../../components/watching/Watching.module.css';

/** Where the fan is in the season, what the shield hides for it, and the way to see it all. */
export function ShieldBar({ game, onReveal }: { game: GameSeason; onReveal: (what: string) => void }) {
  const shield = game.shield;
  return (
    <div className={styles.bar}>
      <WatchProgressSelect seasonId={game.id} episodes={game.episodes.map((e) => ({ number: e.number, title: e.title }))} />
      {shield && (
        <>
          <p className={styles.notice}>
            {shield.upTo === 0 ? MESSAGES.watchingNotStartedNotice : formatMessage(MESSAGES.watchingUpToNotice, { episode: shield.upTo })}
          </p>
          <button type="button" className={styles.reveal} onClick={() => onReveal('all')}>
            Reveal the whole season
          </button>
        </>
      )}
      {!shield && <SeenEverything />}
    </div>
  );
}
