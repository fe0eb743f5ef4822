import { useEffect, type ReactNode, type RefObject } from 'react';
import type { FieldError } from './onairApi';
import styles from './OnAir.module.css';

/** What ties an input to its request field: the error line under it, and focus when it is refused. */
export function fieldProps(id: string, field: string, error: FieldError | null) {
  const mine = error?.field === field;
  return { id, 'data-field': field, 'aria-invalid': mine || undefined, 'aria-describedby': mine ? `${id}-error` : undefined };
}

/** The server's message under the field it names. */
export function FieldMessage({ id, field, error }: { id: string; field: string; error: FieldError | null }) {
  if (error?.field !== field) return null;
  return (
    <p id={`${id}-error`} className={styles.error} tabIndex={-1} data-error-for={field}>
      {error.text}
    </p>
  );
}

/** A labelled input and the error about it. */
export function Field({ id, label, field, error, children, wide }: { id: string; label: ReactNode; field: string; error: FieldError | null; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldMessage id={id} field={field} error={error} />
    </div>
  );
}

/**
 * Moves focus to what a refusal is about, so a keyboard or screen reader user lands on it:
 * the field it names, else the line that says it (the form's own, for no field).
 */
export function useFocusError(form: RefObject<HTMLFormElement | null>, error: FieldError | null) {
  useEffect(() => {
    if (!error || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>(`[data-field="${error.field}"]:not(fieldset)`) ?? form.current.querySelector<HTMLElement>(`[data-error-for="${error.field}"]`);
    target?.focus();
  }, [form, error]);
}

/** A refusal that names no field of the form: under its button. */
export function FormMessage({ error, fields }: { error: FieldError | null; fields: readonly string[] }) {
  if (!error || fields.includes(error.field)) return null;
  return (
    <p className={styles.error} role="alert" tabIndex={-1} data-error-for={error.field}>
      {error.text}
    </p>
  );
}
