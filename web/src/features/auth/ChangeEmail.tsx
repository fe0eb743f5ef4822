import { useId, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '../../api/contract';
import { errorText } from './authApi';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';
import type { Me } from '../../lib/session';
import { useChangeEmail, verifyMessages } from './verifyApi';
import styles from './Auth.module.css';
import { Sentence } from '../../components/Sentence';

/**
 * The account's address and the way to change it: the password proves who asks, and the
 * address changes only once the link mailed to the new one is opened.
 */
export function ChangeEmail({ user }: { user: Me }) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangeEmail();
  const errorId = `${uid}-error`;
  const error = change.isError ? errorText(change.error, verifyMessages.changeFailed) : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    change.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
          setOpen(false);
        },
      },
    );
  }

  return (
    <div>
      <p className={styles.muted}>
        Email: <strong>{user.email || 'none (you sign in with Google or X)'}</strong>
        {user.email && (user.emailVerified ? ' (verified)' : ' (not verified yet)')}
      </p>
      {user.pendingEmail && (
        <p className={styles.muted}>
          <Sentence message={MESSAGES.emailChanging} values={{ email: <strong>{user.pendingEmail}</strong> }} />
        </p>
      )}
      <p role="status" className={change.isSuccess ? styles.muted : 'visually-hidden'}>
        {change.isSuccess ? change.data.message : ''}
      </p>
      {!user.hasPassword ? null : open ? (
        <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Change email address">
          <TextField
            id={`${uid}-email`}
            label="New Email Address"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={error ? errorId : undefined}
            invalid={change.isError}
          />
          <PasswordField
            id={`${uid}-password`}
            label="Current Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={error ? errorId : undefined}
          />
          <FormError id={errorId} text={error} />
          <SubmitButton busy={change.isPending} busyLabel="Sending…">
            Send confirmation link
          </SubmitButton>
        </form>
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => setOpen(true)}>
          Change email address
        </button>
      )}
    </div>
  );
}
