import { useMemo, useState } from 'react';
import { useCatalog } from '../../../api/catalog';
import { ApiError } from '../../../api/client';
import { MESSAGES } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import type { OrderToolsPart } from '../../../lib/orderTools';
import type { PanelItem } from '../../../lib/panelItem';
import { useSavePrediction } from './predictionsApi';
import styles from './Predictions.module.css';

/** A castaway of the cast being predicted, and the tribe they start in. */
export type PredictedCastaway = { id: string; name: string; tribe?: string };


export const PREDICTION_LABEL = 'Your prediction, the winner first';

/** Whether saved is an order of the whole cast, each castaway once. */
export function wholeCast(saved: readonly string[], cast: readonly PredictedCastaway[]): boolean {
  const ids = new Set(cast.map((c) => c.id));
  return saved.length === cast.length && new Set(saved).size === saved.length && saved.every((id) => ids.has(id));
}

interface Props {
  seasonId: string;
  cast: PredictedCastaway[];
  /** The fan's saved order, if any. */
  initial: string[];
  OrderTools: OrderToolsPart;
}

/**
 * The prediction editor: the whole cast from the winner to the first out, ordered with the
 * creator's tools, and saved (published) until the premiere; after it the server refuses,
 * and the editor says so and offers no more saving.
 */
export function PredictionEditor({ seasonId, cast, initial, OrderTools }: Props) {
  const catalog = useCatalog();
  const entries = useMemo<PanelItem[]>(() => {
    const season = catalog.data?.seasons.find((s) => s.id === seasonId);
    const image = new Map(season?.contestants.map((c) => [c.id, c.imageUrl]));
    // The line under a name (a season's name, in a list) tells the tribe they start in.
    return cast.map((c) => ({ id: c.id, name: c.name, imageUrl: image.get(c.id) ?? '', isSeason: false, seasonId, seasonName: c.tribe ?? '' }));
  }, [cast, catalog.data, seasonId]);
  const saved = wholeCast(initial, cast);
  const [order, setOrder] = useState<readonly string[]>(() => (saved ? initial : cast.map((c) => c.id)));
  const [done, setDone] = useState(false);
  const save = useSavePrediction(seasonId);
  const locked = save.error instanceof ApiError && save.error.status === 409;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) save.mutate([...order], { onSuccess: () => setDone(true) });
      }}
    >
      <OrderTools
        entries={entries}
        order={order}
        onOrder={(next) => {
          setOrder(next);
          setDone(false);
        }}
        ordered={saved}
        label={PREDICTION_LABEL}
        question={MESSAGES.predictionSorterQuestion}
      >
        <div className={styles.actions}>
          {!locked && (
            <button type="submit" className={page.button} disabled={save.isPending}>
              Save prediction
            </button>
          )}
          <p className={styles.status} role="status">
            {save.isError ? save.error.message : done ? MESSAGES.predictionSaved : ''}
          </p>
        </div>
      </OrderTools>
    </form>
  );
}
