import { useId, useRef, useState } from 'react';
import { MESSAGES } from '../../../api/contract';
import type { CatalogContestant, Season } from '../../../api/client';
import page from '../../../components/Page.module.css';
import { ReturningPicker } from './ReturningPicker';
import styles from './OnAir.module.css';

/** One castaway of the cast as typed: a returning player (contestantId) or a newcomer. */
export interface CastRow {
  key: number;
  contestantId: string;
  name: string;
  tribe: string;
  age: string;
  hometown: string;
  occupation: string;
}

let nextKey = 0;

export function emptyRow(): CastRow {
  return { key: nextKey++, contestantId: '', name: '', tribe: '', age: '', hometown: '', occupation: '' };
}

interface Props {
  rows: CastRow[];
  onChange: (rows: CastRow[]) => void;
  seasons: readonly Season[];
  /** Marks the rows' inputs invalid when the server refused the cast. */
  invalid: boolean;
  describedBy?: string;
}

/** The cast as rows: a name or a returning player, their tribe, age, hometown and occupation; rows added and removed. */
export function CastRows({ rows, onChange, seasons, invalid, describedBy }: Props) {
  const uid = useId();
  const [picking, setPicking] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const tribes = [...new Set(rows.map((r) => r.tribe.trim()).filter(Boolean))];

  const set = (key: number, change: Partial<CastRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const focusName = (key: number) => requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-row="${key}"]`)?.focus());

  function add() {
    const row = emptyRow();
    onChange([...rows, row]);
    focusName(row.key);
  }

  function remove(key: number) {
    onChange(rows.filter((r) => r.key !== key));
    addButton.current?.focus();
  }

  function pick(contestant: CatalogContestant) {
    if (picking === null) return;
    set(picking, { contestantId: contestant.id, name: contestant.name, occupation: '' });
    focusName(picking);
    setPicking(null);
  }

  const inputProps = { className: styles.input, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
  return (
    <>
      <datalist id={`${uid}-tribes`}>
        {tribes.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <ol ref={list} className={styles.castRows}>
        {rows.map((r, i) => {
          const id = `${uid}-${r.key}`;
          const n = i + 1;
          return (
            <li key={r.key}>
              <fieldset className={styles.castRow}>
                <legend className={styles.rowLegend}>Castaway {n}</legend>
                <div className={styles.castHead}>
                  {r.contestantId ? (
                    <div className={styles.field}>
                      <span className={styles.label}>Returning player</span>
                      <p className={styles.returning}>
                        <strong data-row={r.key} tabIndex={-1}>
                          {r.name}
                        </strong>
                        <button type="button" className={styles.textButton} onClick={() => set(r.key, { contestantId: '', name: '' })}>
                          Newcomer instead
                        </button>
                      </p>
                    </div>
                  ) : (
                    <>
                      <div className={styles.field}>
                        <label htmlFor={`${id}-name`}>Name</label>
                        <input id={`${id}-name`} data-row={r.key} {...inputProps} value={r.name} maxLength={80} onChange={(e) => set(r.key, { name: e.target.value })} />
                      </div>
                      <button type="button" className={page.buttonGhost} onClick={() => setPicking(r.key)}>
                        {MESSAGES.onAirReturning}
                      </button>
                    </>
                  )}
                  <button type="button" className={styles.textButton} onClick={() => remove(r.key)} disabled={rows.length === 1} aria-label={`Remove castaway ${n}`}>
                    Remove
                  </button>
                </div>
                <div className={styles.castDetails}>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-tribe`}>Tribe</label>
                    <input id={`${id}-tribe`} list={`${uid}-tribes`} {...inputProps} value={r.tribe} maxLength={40} onChange={(e) => set(r.key, { tribe: e.target.value })} />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-age`}>Age</label>
                    <input id={`${id}-age`} type="number" min={0} max={120} inputMode="numeric" className={styles.input} value={r.age} onChange={(e) => set(r.key, { age: e.target.value })} />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-hometown`}>Hometown</label>
                    <input id={`${id}-hometown`} className={styles.input} value={r.hometown} maxLength={100} onChange={(e) => set(r.key, { hometown: e.target.value })} />
                  </div>
                  {!r.contestantId && (
                    <div className={styles.field}>
                      <label htmlFor={`${id}-occupation`}>Occupation</label>
                      <input id={`${id}-occupation`} className={styles.input} value={r.occupation} maxLength={100} onChange={(e) => set(r.key, { occupation: e.target.value })} />
                    </div>
                  )}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button ref={addButton} type="button" className={`${page.buttonGhost} ${styles.addRow}`} onClick={add}>
        Add a castaway
      </button>
      {picking !== null && <ReturningPicker seasons={seasons} onPick={pick} onClose={() => setPicking(null)} />}
    </>
  );
}
