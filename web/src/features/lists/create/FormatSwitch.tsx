import { useId } from 'react';
import type { ListFormat } from './creatorState';
import styles from './FormatSwitch.module.css';

const FORMATS: { value: ListFormat; label: string; hint: string }[] = [
  { value: 'ranked', label: 'Ranked', hint: 'One ordered list' },
  { value: 'tiers', label: 'Tiers', hint: 'S, A, B… rows' },
];

/** Ranked or tier list: switching keeps the entries in their order. */
export function FormatSwitch({ format, onChange }: { format: ListFormat; onChange: (f: ListFormat) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.switch}>
      <legend className="visually-hidden">List format</legend>
      {FORMATS.map((f) => (
        <span key={f.value} className={styles.option}>
          <input id={`${name}-${f.value}`} type="radio" name={name} value={f.value} checked={format === f.value} onChange={() => onChange(f.value)} />
          <label htmlFor={`${name}-${f.value}`} className={styles.face}>
            <span className={styles.label}>{f.label}</span>
            <span className={styles.hint}>{f.hint}</span>
          </label>
        </span>
      ))}
    </fieldset>
  );
}
