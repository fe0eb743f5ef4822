import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorCode, errorText, messages, useConfirmPasswordReset, usePasswordPolicy } from './authApi';
import { FormError, PasswordFields, SubmitButton } from './fields';
import styles from './Auth.module.css';

interface Props {
  token: string;
  /** The password is set and the user is signed in. */
  onDone: () => void;
  /** Leave the reset form for the normal sign-in screen. */
  onCancel: () => void;
}

/** '/login?reset=TOKEN': the mailed link lands here to choose a new password. */
export function ResetPasswordForm({ token, onDone, onCancel }: Props) {
  const uid = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** What the form itself refuses before asking the server. */
  const [invalid, setInvalid] = useState<{ text: string; field: 'password' | 'confirm' } | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const policy = usePasswordPolicy();
  const confirmReset = useConfirmPasswordReset();
  const error: { text: string; field?: 'password' | 'confirm'; expired?: boolean } | null =
    invalid ??
    (confirmReset.isError
      ? { text: errorText(confirmReset.error, messages.newPasswordFailed), expired: errorCode(confirmReset.error) === 'invalid_token' }
      : null);

  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    confirmReset.reset();
    if (!password) {
      setInvalid({ text: 'Please enter a new password.', field: 'password' });
      passwordRef.current?.focus();
      return;
    }
    if (password !== confirm) {
      setInvalid({ text: messages.passwordMismatch, field: 'confirm' });
      confirmRef.current?.focus();
      return;
    }
    setInvalid(null);
    confirmReset.mutate({ token, password }, { onSuccess: onDone });
  }

  const errorId = `${uid}-error`;
  const busy = confirmReset.isPending;

  return (
    <section className={styles.card} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={styles.cardTitle}>
        Choose a new password
      </h2>
      <p className={styles.muted}>Pick a new password for your account. You will be signed in straight away.</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <PasswordFields
          idPrefix={uid}
          label="New Password"
          isNew
          password={password}
          onPassword={setPassword}
          confirm={confirm}
          onConfirm={setConfirm}
          invalidField={error?.field}
          errorId={error ? errorId : undefined}
          passwordRef={passwordRef}
          confirmRef={confirmRef}
          policy={policy}
        />
        <FormError id={errorId} text={error?.text} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Set New Password
        </SubmitButton>
        <p className={styles.switchHint}>
          {error?.expired ? 'Need a fresh link? ' : 'Remembered it after all? '}
          <button type="button" className={styles.linkButton} onClick={onCancel}>
            {error?.expired ? 'Request a new reset email' : 'Back to sign in'}
          </button>
        </p>
      </form>
    </section>
  );
}
