import { useState } from 'react';
import { MESSAGES } from '../../api/contract';
import { userMessage } from '../../api/userMessage';
import { useWatching, type Progress } from '../../lib/watching';
import styles from './Watching.module.css';

/** "I've seen everything" in one click: every season shows everything; undo puts the progress back. */
export function SeenEverything({ className }: { className?: string }) {
  const watching = useWatching();
  const [undo, setUndo] = useState<Progress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = (next: Progress, keep: Progress | null) => {
    setError(null);
    watching
      .replace(next)
      .then(() => setUndo(keep))
      .catch((err: unknown) => setError(err));
  };
  const nothingSet = Object.keys(watching.progress).length === 0;
  return (
    <span className={`${styles.field} ${className ?? ''}`}>
      {undo ? (
        <>
          <span role="status" className={styles.status}>
            {MESSAGES.watchingSeenEverythingDone}
          </span>
          <button type="button" className={styles.reveal} disabled={watching.saving} onClick={() => run(undo, null)}>
            Undo
          </button>
        </>
      ) : (
        <button type="button" className={styles.reveal} disabled={watching.pending || watching.saving || nothingSet} onClick={() => run({}, watching.progress)}>
          I've seen everything
        </button>
      )}
      {error !== null && (
        <span role="alert" className={styles.status}>
          {userMessage(error, MESSAGES.watchingFailed)}
        </span>
      )}
    </span>
  );
}
