import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EMPTY_COMMENT, MAX_COMMENT_LENGTH } from './commentsApi';
import styles from './CommentsSection.module.css';

interface Props {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Resolves when posted (the text is cleared); rejects with the text to show (the text is kept). */
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
  compact?: boolean;
}

/** A comment or reply box: remaining-character counter, trimmed text, nothing lost on failure. */
export function CommentForm({ label, placeholder, submitLabel, onSubmit, onCancel, autoFocus = false, compact = false }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  // Characters as the server counts them (code points), so an emoji counts once.
  const remaining = MAX_COMMENT_LENGTH - Array.from(text).length;
  const empty = text.trim() === '';

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (pending) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      setError(EMPTY_COMMENT);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(trimmed);
      setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      ref.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={compact ? `${styles.form} ${styles.formCompact}` : styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        className={styles.textarea}
        value={text}
        placeholder={placeholder}
        rows={compact ? 2 : 3}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(Array.from(e.target.value).slice(0, MAX_COMMENT_LENGTH).join(''));
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          } else if (e.key === 'Escape' && onCancel && text === '') {
            onCancel();
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.formRow}>
        <span id={`${id}-count`} className={remaining <= 50 ? `${styles.counter} ${styles.counterLow}` : styles.counter} aria-live={remaining <= 50 ? 'polite' : 'off'}>
          {remaining} characters remaining
        </span>
        <div className={styles.formButtons}>
          {onCancel && (
            <button type="button" className={styles.ghostButton} onClick={onCancel}>
              Cancel
            </button>
          )}
          <button type="submit" className={styles.postButton} disabled={empty || pending}>
            {pending ? 'Posting…' : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
