import { useId, useState } from 'react';
import { MESSAGES, formatMessage } from '../../../api/contract';
import { Dialog } from '../../../components/Dialog';
import { ErrorLine } from '../../../components/Failure';
import page from '../../../components/Page.module.css';
import dialog from '../../../components/DialogForm.module.css';
import { RECORD_FAILED, useUndoBoot, type GameSeason } from './onairApi';
import styles from './OnAir.module.css';

/** 'Jane Doe 2, Bob Roe 1': whom a council voted for, most votes first. */
function tally(season: GameSeason, order: number, names: Map<string, string>): string {
  const counts = new Map<string, number>();
  for (const v of season.councils.find((c) => c.order === order)?.votes ?? []) {
    if (v.target) counts.set(v.target, (counts.get(v.target) ?? 0) + 1);
  }
  return [...counts]
    .map(([id, n]) => ({ name: names.get(id) ?? id, n }))
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
    .map(({ name, n }) => `${name} ${n}`)
    .join(', ');
}

interface Props {
  season: GameSeason;
  /** Whether boots may be taken back (a season on air). */
  canUndo: boolean;
  onUndone: (name: string) => void;
}

/** The boot order so far, each with its council's votes, and 'Undo last boot' after a confirmation. */
export function BootOrder({ season, canUndo, onUndone }: Props) {
  const uid = useId();
  const [asking, setAsking] = useState(false);
  const undo = useUndoBoot(season.id);
  const names = new Map(season.cast.map((c) => [c.id, c.name]));
  const last = season.boots.at(-1);
  const lastName = last ? (names.get(last.castaway) ?? last.castaway) : '';

  function confirm() {
    undo.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        onUndone(lastName);
      },
    });
  }

  return (
    <section className={styles.card} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className={styles.title}>
        Boot order
      </h3>
      {season.boots.length === 0 ? (
        <p className={styles.muted}>{MESSAGES.onAirNoBoots}</p>
      ) : (
        <ol className={styles.boots}>
          {season.boots.map((b) => {
            const votes = tally(season, b.order, names);
            return (
              <li key={b.order} className={styles.boot}>
                <span className={styles.bootPlace}>{b.order}</span>
                <span>
                  <strong>{names.get(b.castaway) ?? b.castaway}</strong> · {b.result}
                  <span className={styles.muted}>
                    {' '}
                    · Episode {b.episode}, day {b.day}
                    {votes && ` · Votes: ${votes}`}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {canUndo && last && (
        <div className={styles.buttons}>
          <button type="button" className={page.buttonGhost} onClick={() => setAsking(true)}>
            Undo last boot
          </button>
        </div>
      )}
      {asking && (
        <Dialog labelledBy={`${uid}-undo`} onClose={() => setAsking(false)}>
          <h2 id={`${uid}-undo`} className={dialog.dialogTitle}>
            {MESSAGES.onAirUndoTitle}
          </h2>
          <p className={dialog.dialogIntro}>{formatMessage(MESSAGES.onAirUndoAsk, { name: lastName })}</p>
          <ErrorLine request={undo} fallback={RECORD_FAILED} className={dialog.error} />
          <div className={dialog.buttons}>
            <button type="button" className={page.buttonGhost} onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="button" className={`${page.button} ${dialog.danger}`} onClick={confirm} disabled={undo.isPending} aria-busy={undo.isPending || undefined}>
              {undo.isPending ? 'Undoing…' : 'Undo last boot'}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
