import { useId } from 'react';
import { FRANCHISES, type Franchise } from '../../lib/seasonDisplay';
import styles from './SeasonsPanel.module.css';

/**
 * Which franchise's seasons the grid shows: a segmented control made of native radio buttons,
 * so the arrow keys move the choice and a screen reader hears a group of five.
 */
export function FranchiseSwitch({ value, onChange }: { value: Franchise; onChange: (next: Franchise) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.franchises}>
      <legend className="visually-hidden">Franchise</legend>
      {FRANCHISES.map((f) => (
        <label key={f.id} className={styles.franchise}>
          <input type="radio" name={name} value={f.id} checked={value === f.id} onChange={() => onChange(f.id)} className={styles.franchiseInput} />
          <span className={styles.franchiseName}>{f.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
