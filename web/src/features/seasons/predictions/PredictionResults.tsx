import { formatMessage, MESSAGES } from '../../../api/contract';
import { HiddenItem } from '../../../components/watching/HiddenItem';
import { type PredictionView, revealPredictions, shareImagePath } from './predictionsApi';
import styles from './Predictions.module.css';

/** A prediction's score and its hits and misses boot by boot, with its "I called it" image. */
export function PredictionResults({ view, names }: { view: PredictionView; names: Map<string, string> }) {
  const entry = view.entry;
  if (!entry) return <p className={styles.lede}>{MESSAGES.predictionNone}</p>;
  const s = entry.score;
  const name = (id: string) => names.get(id) ?? id;
  return (
    <div className={styles.panel}>
      <p className={styles.score} data-testid="prediction-score">
        {s.score} {s.score === 1 ? 'point' : 'points'}
      </p>
      <p className={styles.lede}>
        {s.hits} called to the place · {s.picksRight} {s.picksRight === 1 ? 'pick' : 'picks'} right · best run {s.bestStreak}
      </p>
      {view.shield && (
        <HiddenItem
          what="the later scores"
          message={formatMessage(MESSAGES.predictionShieldScore, { episode: view.shield.upTo })}
          onReveal={() => revealPredictions(view.seasonId)}
        />
      )}
      {entry.order.length > 0 && <p className={styles.lede}>Predicted winner: {name(entry.order[0] ?? '')}</p>}
      {view.boots.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.lede}>Boot by boot</caption>
            <thead>
              <tr>
                <th scope="col">Out</th>
                <th scope="col">Place</th>
                <th scope="col">Predicted</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {view.boots.map((b) => (
                <tr key={b.order} className={b.hit ? styles.hit : undefined}>
                  <td>{name(b.castaway)}</td>
                  <td>{b.place}</td>
                  <td>{b.predicted === 0 ? '–' : b.predicted}</td>
                  <td>
                    {b.points}
                    {b.hit ? ' · called it' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view.locked && (
        <p className={styles.actions}>
          <a href={shareImagePath(view.seasonId, entry.userId)} target="_blank" rel="noreferrer">
            Share “I called it”
          </a>
        </p>
      )}
    </div>
  );
}
