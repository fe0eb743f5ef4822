import { useId } from 'react';
import { useWatching } from '../../lib/watching';
import { userMessage } from '../../api/userMessage';
import { MESSAGES } from '../../api/contract';
import styles from './Watching.module.css';

export interface EpisodeChoice {
  number: number;
  title?: string;
}

/** "Where are you?": the last episode of a season the fan has seen, or all of it, or none. */
export function WatchProgressSelect({ seasonId, episodes, label = MESSAGES.watchingWhereAreYou }: { seasonId: string; episodes: EpisodeChoice[]; label?: string }) {
  const id = useId();
  const watching = useWatching();
  const upTo = watching.progress[seasonId];
  const value = upTo === undefined ? 'all' : String(upTo);
  // A stored episode the list lacks (a season on air ahead of its records) stays choosable.
  const choices = episodes.some((e) => e.number === upTo) || upTo === undefined || upTo === 0 ? episodes : [...episodes, { number: upTo }];
  return (
    <span className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={watching.pending || watching.saving}
        onChange={(e) => void watching.setSeason(seasonId, e.target.value === 'all' ? null : Number(e.target.value)).catch(() => undefined)}
      >
        <option value="all">Seen it all</option>
        <option value="0">Not started</option>
        {choices.map((e) => (
          <option key={e.number} value={String(e.number)}>
            {`Up to episode ${e.number}${e.title ? ` · ${e.title}` : ''}`}
          </option>
        ))}
      </select>
      {watching.error && (
        <span role="alert" className={styles.status}>
          {userMessage(watching.error, MESSAGES.watchingFailed)}
        </span>
      )}
    </span>
  );
}
