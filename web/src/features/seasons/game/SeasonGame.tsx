import { useState } from 'react';
import type { Season } from '../../../api/client';
import { ApiError } from '../../../api/client';
import { MESSAGES } from '../../../api/contract';
import { userMessage } from '../../../api/userMessage';
import { LoadFailed } from '../../../components/Failure';
import { Later } from '../../../components/Later';
import { Advantages } from './Advantages';
import { BootOrder } from './BootOrder';
import { Councils } from './Councils';
import { Episodes } from './Episodes';
import { GAME_ERROR, useSeasonGame } from './gameApi';
import { JuryVotes } from './JuryVotes';
import { Journeys } from './Journeys';
import { peopleOf } from './people';
import { SeasonFacts } from './SeasonFacts';
import { TribePhases } from './TribePhases';
import { ShieldBar } from './ShieldBar';
import { useWatching } from '../../../lib/watching';
import { useSeasonGameStream } from '../useSeasonGameStream';
import page from '../../../components/Page.module.css';
import styles from './Game.module.css';

/** The season's game as SeasonGame reads it, with what the fan asked to see despite the shield (`reveal`). */
function useShieldedGame(seasonId: string, reveal: string, enabled = true) {
  const watching = useWatching();
  return useSeasonGame(seasonId, { upTo: watching.progress[seasonId], reveal, signedIn: watching.signedIn, enabled: enabled && !watching.pending });
}

/**
 * Starts reading the season's game as SeasonGame first shows it, while `early` (a page that
 * shows it once something else has come). Only then: past it, SeasonGame reads it itself,
 * and this copy, unrevealed, would be read again beside each reveal's.
 */
export function usePrefetchSeasonGame(seasonId: string, early: boolean) {
  useShieldedGame(seasonId, '', early);
}

/** What happened in a season, section by section; `season` is its catalog entry (names, headshots). */
export function SeasonGame({ seasonId, season }: { seasonId: string; season: Season | undefined }) {
  const watching = useWatching();
  const upTo = watching.progress[seasonId];
  // What the fan asked to see despite the shield, by the server's tokens; forgotten when they move on.
  const [revealed, setRevealed] = useState<{ upTo: number | undefined; items: string[] }>({ upTo, items: [] });
  const items = revealed.upTo === upTo ? revealed.items : [];
  const reveal = (what: string) => setRevealed({ upTo, items: what === 'all' ? ['all'] : [...items, what] });
  const query = useShieldedGame(seasonId, items.join(','));
  // A boot recorded while the season airs shows without a reload.
  useSeasonGameStream(seasonId);
  if (query.isPending) {
    return (
      <div className={styles.skeleton} role="status">
        <span className="visually-hidden">{MESSAGES.gameLoading}</span>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={styles.skeletonBlock} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <p className={styles.missing}>{MESSAGES.gameSeasonMissing}</p>;
    return <LoadFailed message={userMessage(query.error, GAME_ERROR)} onRetry={() => void query.refetch()} className={styles.error} retryLabel="Retry" buttonClassName={page.button} />;
  }
  const game = query.data;
  const people = peopleOf(game, season);
  return (
    <div className={styles.game}>
      <ShieldBar game={game} onReveal={reveal} />
      <SeasonFacts game={game} people={people} onReveal={reveal} />
      <TribePhases game={game} people={people} />
      {/* Below a phone's first screen: each in a slice of its own as the app starts. */}
      <Later>
        <BootOrder game={game} people={people} onReveal={reveal} />
      </Later>
      <Later>
        <Councils game={game} people={people} />
      </Later>
      <Later>
        <Advantages game={game} people={people} />
      </Later>
      <Later>
        <JuryVotes game={game} people={people} />
      </Later>
      <Later>
        <Journeys game={game} people={people} />
        <Episodes game={game} />
      </Later>
    </div>
  );
}
