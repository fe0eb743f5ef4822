import { useEffect, useId, type FormEvent } from 'react';
import { errorCode, errorText, messages, useConfirmPasswordReset } from './authApi';
import { FormError, PasswordFields, SubmitButton } from './fields';
import { useNewPassword } from './newPassword';
import styles from './Auth.module.css';
import { MESSAGES } from '../../api/contract';

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
  const newPassword = useNewPassword();
  const confirmReset = useConfirmPasswordReset();
  const error: { text: string; field?: 'password' | 'confirm'; expired?: boolean } | null =
    newPassword.invalid ??
    (confirmReset.isError
      ? { text: errorText(confirmReset.error, messages.newPasswordFailed), expired: errorCode(confirmReset.error) === 'invalid_token' }
      : null);

  const { passwordRef } = newPassword.fields;
  useEffect(() => {
    passwordRef.current?.focus();
  }, [passwordRef]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    confirmReset.reset();
    if (!newPassword.check()) return;
    confirmReset.mutate({ token, password: newPassword.password }, { onSuccess: onDone });
  }

  const errorId = `${uid}-error`;
  const busy = confirmReset.isPending;

  return (
    <section className={styles.card} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={styles.cardTitle}>
        Choose a new password
      </h2>
      <p className={styles.muted}>{MESSAGES.newPasswordIntro}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <PasswordFields idPrefix={uid} label="New Password" {...newPassword.fields} invalidField={error?.field} errorId={error ? errorId : undefined} />
        <FormError id={errorId} text={error?.text} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Set New Password
        </SubmitButton>
        <p className={styles.switchHint}>
          {error?.expired ? MESSAGES.resetExpiredHint : MESSAGES.resetRememberedHint}{' '}
          <button type="button" className={styles.linkButton} onClick={onCancel}>
            {error?.expired ? 'Request a new reset email' : 'Back to sign in'}
          </button>
        </p>
      </form>
    </section>
  );
}
