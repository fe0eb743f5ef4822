import type { ReactNode, Ref, RefObject } from 'react';
import { Dialog } from '../../components/Dialog';
import page from '../../components/Page.module.css';
import styles from '../../components/DialogForm.module.css';

interface Props {
  /** The base of its ids: `${id}-title` names the dialog, `${id}-error` is the line that says what went wrong. */
  id: string;
  title: ReactNode;
  /** The words between the title and the form. */
  intro: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** The form was sent (its default is already prevented). */
  onSubmit: () => void;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The fields. */
  children: ReactNode;
}

/** A moderation dialog that asks before it acts: its fields, what went wrong, then Cancel beside the confirming button. */
export function FormDialog({ id, title, intro, initialFocus, onClose, onSubmit, error, pending, submitLabel, pendingLabel, children }: Props) {
  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} initialFocus={initialFocus}>
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {title}
      </h2>
      {intro}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        {children}
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="button" className={page.buttonGhost} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={page.button} disabled={pending} aria-busy={pending || undefined}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

interface TextProps {
  id: string;
  label: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  invalid: boolean;
  describedBy?: string;
}

/** A form dialog's words field: its label above a textarea. */
export function TextField({ id, label, ref, value, onChange, maxLength, required, invalid, describedBy }: TextProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={ref}
        className={styles.textarea}
        value={value}
        maxLength={maxLength}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </>
  );
}
