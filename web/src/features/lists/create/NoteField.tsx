import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { NOTE_MAX } from '../api';
import styles from './NoteField.module.css';

interface Props {
  /** The entry's display name, for the field's label. */
  name: string;
  note: string;
  onChange: (note: string) => void;
}

/** Keeps a press or drag inside the note from starting a drag of the row around it. */
const hold = (e: SyntheticEvent) => e.stopPropagation();

/**
 * The note under a ranked entry: an "Add note" button that opens a field growing with its
 * text, with a character counter. A filled note stays open; an emptied one folds on blur.
 */
export function NoteField({ name, note, onChange }: Props) {
  const [open, setOpen] = useState(note !== '');
  const fieldId = useId();
  const counterId = `${fieldId}-count`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const focusOnOpen = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
    if (focusOnOpen.current) {
      focusOnOpen.current = false;
      el.focus();
    }
  }, [note, open]);

  if (!open && note === '') {
    return (
      // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- not a control: it keeps presses on the note from starting a drag
      <div className={styles.note} onMouseDown={hold} onTouchStart={hold} onKeyDown={hold}>
        <button
          type="button"
          className={styles.add}
          aria-expanded="false"
          onClick={() => {
            focusOnOpen.current = true;
            setOpen(true);
          }}
        >
          <span aria-hidden="true">✎</span> Add note<span className="visually-hidden"> on {name}</span>
        </button>
      </div>
    );
  }
  const left = NOTE_MAX - note.length;
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- not a control: it keeps presses on the note from starting a drag
    <div className={styles.note} onMouseDown={hold} onTouchStart={hold} onKeyDown={hold} onPointerDown={hold}>
      <label htmlFor={fieldId} className="visually-hidden">
        Note on {name}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        className={styles.field}
        rows={1}
        maxLength={NOTE_MAX}
        value={note}
        placeholder="Why here? (optional)"
        aria-describedby={counterId}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          if (note.trim() === '') setOpen(false);
        }}
      />
      <span id={counterId} className={`${styles.counter} ${left <= 20 ? styles.counterLow : ''}`}>
        {note.length}/{NOTE_MAX}
      </span>
    </div>
  );
}
