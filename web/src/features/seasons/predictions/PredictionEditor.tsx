import { useState } from 'react';
import { MESSAGES } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import { useSavePrediction } from './predictionsApi';
import styles from './Predictions.module.css';

type Castaway = { id: string; name: string };

/** Moves the item at from to to in order (a copy). */
export function moved<T>(order: T[], from: number, to: number): T[] {
  const out = [...order];
  out.splice(to, 0, ...out.splice(from, 1));
  return out;
}

/**
 * The prediction editor: the whole cast from the winner to the first out, each row moved
 * with its buttons (keyboard: Alt+ArrowUp / Alt+ArrowDown on a row's button moves it too).
 */
export function PredictionEditor({ seasonId, cast, initial }: { seasonId: string; cast: Castaway[]; initial: string[] }) {
  const byId = new Map(cast.map((c) => [c.id, c]));
  const start = initial.length === cast.length && initial.every((id) => byId.has(id)) ? initial : cast.map((c) => c.id);
  const [order, setOrder] = useState<string[]>(start);
  const [status, setStatus] = useState('');
  const save = useSavePrediction(seasonId);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length) return;
    setOrder(moved(order, from, to));
    const id = order[from] ?? '';
    const name = byId.get(id)?.name ?? '';
    setStatus(`${name}: place ${to + 1} of ${order.length}`);
    // Keep focus on the button that moved, now on its new row.
    requestAnimationFrame(() => document.getElementById(`predict-${id}-${to < from ? 'up' : 'down'}`)?.focus());
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(order, { onSuccess: () => setStatus(MESSAGES.predictionSaved) });
      }}
    >
      <ol className={styles.order} aria-label="Your prediction, the winner first">
        {order.map((id, i) => (
          <li key={id} className={styles.row}>
            <span className={styles.place}>{i + 1}</span>
            <span className={styles.name}>{byId.get(id)?.name ?? id}</span>
            <button
              type="button"
              id={`predict-${id}-up`}
              className={styles.move}
              aria-label={`Move ${byId.get(id)?.name ?? id} up`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              id={`predict-${id}-down`}
              className={styles.move}
              aria-label={`Move ${byId.get(id)?.name ?? id} down`}
              disabled={i === order.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button type="submit" className={page.button} disabled={save.isPending}>
          Save prediction
        </button>
        <p className={styles.status} role="status">
          {save.isError ? save.error.message : status}
        </p>
      </div>
    </form>
  );
}
