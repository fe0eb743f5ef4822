import { useId, useState } from 'react';
import { MESSAGES, formatMessage } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import { type PredictionView, useSavePick } from './predictionsApi';
import styles from './Predictions.module.css';
import select from '../../../components/Select.module.css';

/** The pick of who goes home in the next episode to air, while it is open. */
export function WeeklyPick({ view, cast }: { view: PredictionView; cast: { id: string; name: string }[] }) {
  const open = view.episodes.find((e) => !e.locked);
  const id = useId();
  const save = useSavePick(view.seasonId);
  const [choice, setChoice] = useState('');
  const [saved, setSaved] = useState(false);
  if (!open) return null;
  const out = new Set(view.boots.map((b) => b.castaway));
  const playing = cast.filter((c) => !out.has(c.id));
  const current = choice || open.pick || '';
  const when = new Date(open.locksAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <form
      className={styles.field}
      onSubmit={(e) => {
        e.preventDefault();
        if (current) save.mutate({ episode: open.number, castaway: current }, { onSuccess: () => setSaved(true) });
      }}
    >
      <label htmlFor={id}>{formatMessage(MESSAGES.predictionPickIntro, { episode: String(open.number), when })}</label>
      <select id={id} className={select.select} value={current} onChange={(e) => { setChoice(e.target.value); setSaved(false); }}>
        <option value="">Choose a castaway</option>
        {playing.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="submit" className={page.buttonGhost} disabled={!current || save.isPending}>
        Save pick
      </button>
      <span role="status" className={styles.status}>
        {save.isError ? save.error.message : saved ? MESSAGES.predictionPickSaved : ''}
      </span>
    </form>
  );
}
