import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { userMessage } from '../../api/userMessage';
import { useTabText } from '../../lib/tabText';
import { ADD_ERROR, EMPTY_COMMENT, MAX_COMMENT_LENGTH, useAddComment, type ThreadSource } from './commentsApi';
import styles from './CommentsSection.module.css';

interface Props {
  /** The thread posted to. */
  thread: ThreadSource;
  /** The comment this replies to; null for a top-level comment. */
  parentId: string | null;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** The comment is posted (the text is cleared); on a failure the text is kept. */
  onPosted: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  compact?: boolean;
}

/**
 * A comment or reply box: remaining-character counter, trimmed text, nothing lost on failure,
 * nor on a reload or a sign-in round trip (the tab keeps the text until it is posted).
 */
export function CommentForm({ thread, parentId, label, placeholder, submitLabel, onPosted, onCancel, autoFocus = false, compact = false }: Props) {
  const [text, setText] = useTabText(`comment:${JSON.stringify(thread.key)}:${parentId ?? ''}`);
  const [emptyError, setEmptyError] = useState(false);
  const add = useAddComment(thread);
  const pending = add.isPending;
  const error = emptyError ? EMPTY_COMMENT : add.isError ? userMessage(add.error, ADD_ERROR) : null;
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  // Characters as the server counts them (code points), so an emoji counts once.
  const remaining = MAX_COMMENT_LENGTH - Array.from(text).length;
  const empty = text.trim() === '';

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (pending) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      setEmptyError(true);
      return;
    }
    setEmptyError(false);
    add.mutate(
      { text: trimmed, parentId },
      {
        onSuccess: () => {
          setText('');
          onPosted();
        },
        onError: () => ref.current?.focus(),
      },
    );
  }

  function clearError() {
    setEmptyError(false);
    if (add.isError) add.reset();
  }

  return (
    <form className={compact ? `${styles.form} ${styles.formCompact}` : styles.form} onSubmit={submit} noValidate>
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
          if (error) clearError();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
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
            <button
              type="button"
              className={styles.ghostButton}
              onClick={() => {
                setText('');
                onCancel();
              }}
            >
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
