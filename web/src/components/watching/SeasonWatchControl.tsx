import { useSeasonGame } from '../../api/seasonGame';
import { useWatching } from '../../lib/watching';
import { SeenEverything } from './SeenEverything';
import { WatchProgressSelect } from './WatchProgressSelect';
import styles from './Watching.module.css';

/**
 * Where the fan is in a season, for the seasons panel: its episodes come from the season's
 * game, read as the fan may see it (the same answer the season page reads).
 */
export function SeasonWatchControl({ seasonId }: { seasonId: string }) {
  const watching = useWatching();
  const game = useSeasonGame(seasonId, { upTo: watching.progress[seasonId], signedIn: watching.signedIn, enabled: !watching.pending });
  const episodes = (game.data?.episodes ?? []).map((e) => ({ number: e.number, title: e.title }));
  if (!game.data) return null;
  return (
    <div className={styles.bar}>
      <WatchProgressSelect seasonId={seasonId} episodes={episodes} />
      <SeenEverything />
    </div>
  );
}
