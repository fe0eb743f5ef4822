import { useRef, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { CloseIcon, SearchIcon } from './icons';
import styles from './SearchField.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The accessible name of the box. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The clear button (or Escape) emptied the box; defaults to onChange(''). */
  onClear?: () => void;
  className?: string;
}

/**
 * A search box with its icon and a clear button that shows while there is text. Clearing
 * (the button, or Escape in a non-empty box) empties it and keeps the focus in the box.
 */
export function SearchField({ label, value, onChange, onClear, className, onKeyDown, ...input }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const clear = () => (onClear ? onClear() : onChange(''));

  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Escape' && value !== '') {
      e.preventDefault();
      clear();
    }
  }

  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <SearchIcon className={styles.icon} />
      <input ref={ref} type="search" className={styles.input} aria-label={label} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={keyDown} {...input} />
      {value !== '' && (
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear search"
          onClick={() => {
            clear();
            ref.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
