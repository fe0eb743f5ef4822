import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useShowFor } from '../../components/useShowFor';
import { errorText, messages, USERNAME_MAX, useUpdateDisplayName } from './authApi';
import { PencilIcon } from './authIcons';
import { useMe } from '../../lib/session';
import styles from './UsernameEditor.module.css';

const SUCCESS_MS = 3000;

/**
 * The signed-in user's display name with 'Change Username' (spec: view -> edit -> saved or
 * cancelled). Placed on My Lists; the new name shows everywhere at once.
 */
export function UsernameEditor() {
  const { user } = useMe();
  const uid = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  /** What the editor itself refuses before asking the server. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, showSaved, hideSaved] = useShowFor<true>(SUCCESS_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const update = useUpdateDisplayName();
  const error = invalid ?? (update.isError ? errorText(update.error, messages.usernameFailed) : null);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      changeRef.current?.focus();
    }
  }, [editing]);

  if (!user) return null;
  const current = user.displayName;

  function startEditing() {
    setDraft(current);
    setInvalid(null);
    hideSaved();
    update.reset();
    setEditing(true);
  }

  function cancel() {
    if (update.isPending) return;
    setInvalid(null);
    update.reset();
    returnFocus.current = true;
    setEditing(false);
  }

  function save(e?: FormEvent) {
    e?.preventDefault();
    if (update.isPending) return;
    const name = draft.trim();
    if (!name) {
      setInvalid(messages.usernameEmpty);
      inputRef.current?.focus();
      return;
    }
    if (name.length > USERNAME_MAX) {
      setInvalid(messages.usernameTooLong);
      inputRef.current?.focus();
      return;
    }
    if (name === current) {
      returnFocus.current = true;
      setEditing(false);
      return;
    }
    setInvalid(null);
    update.mutate(name, {
      onSuccess: () => {
        returnFocus.current = true;
        setEditing(false);
        showSaved(true);
      },
      onError: () => inputRef.current?.focus(),
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancel();
    }
  }

  const inputId = `${uid}-input`;
  const errorId = `${uid}-error`;
  const countId = `${uid}-count`;

  return (
    <div className={styles.editor}>
      {editing ? (
        <form className={styles.form} onSubmit={save} noValidate>
          <label htmlFor={inputId} className={styles.label}>
            Username
          </label>
          <div className={styles.row}>
            <input
              id={inputId}
              ref={inputRef}
              className={styles.input}
              value={draft}
              maxLength={USERNAME_MAX}
              autoComplete="nickname"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${countId}${error ? ` ${errorId}` : ''}`}
              onChange={(e) => {
                setDraft(e.target.value);
                if (error) {
                  setInvalid(null);
                  update.reset();
                }
              }}
              onKeyDown={onKeyDown}
              disabled={update.isPending}
            />
            <button type="submit" className={styles.save} disabled={update.isPending} aria-busy={update.isPending || undefined}>
              {update.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className={styles.cancel} onClick={cancel} disabled={update.isPending}>
              Cancel
            </button>
          </div>
          <p id={countId} className={styles.hint}>
            {draft.length}/{USERNAME_MAX} characters · Enter to save, Escape to cancel
          </p>
          {error && (
            <p id={errorId} role="alert" className={styles.error}>
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className={styles.view}>
          <p className={styles.current}>
            <span className={styles.currentLabel}>Username:</span> <strong className={styles.name}>{current}</strong>
          </p>
          <button type="button" ref={changeRef} className={styles.change} onClick={startEditing}>
            <PencilIcon />
            Change Username
          </button>
        </div>
      )}
      <div aria-live="polite" className={styles.live}>
        {saved && <p className={styles.success}>{messages.usernameUpdated}</p>}
      </div>
    </div>
  );
}
