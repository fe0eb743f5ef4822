import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useShowFor } from '../../components/useShowFor';
import { errorText, messages, useChangePassword, useSignOutEverywhere } from './authApi';
import { FormError, PasswordField, PasswordFields, SubmitButton } from './fields';
import { useNewPassword } from './newPassword';
import { UsernameEditor } from './UsernameEditor';
import { SignedInSessions } from './SignedInSessions';
import { ChangeEmail } from './ChangeEmail';
import { YourData } from './YourData';
import { NotificationSettings } from './NotificationSettings';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import pageStyles from '../../components/Page.module.css';
import styles from './Auth.module.css';
import { MESSAGES } from '../../api/contract';
import { ErrorLine } from '../../components/Failure';

const CHANGED = MESSAGES.passwordChanged;

/** '/account': the signed-in fan's name, email, password, sessions, blocked users and data. */
/** What the app hands in: the blocked users (moderation). */
export interface AccountParts {
  BlockedUsers: ComponentType<{ titleClass?: string }>;
}

export default function AccountPage({ BlockedUsers }: AccountParts) {
  usePageTitle(pageTitle('Your Account'));
  const { user } = useMe();
  if (!user) return null;
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.sectionTitle}>Your Account</h1>
      <section className={pageStyles.section} aria-labelledby="account-profile">
        <h2 id="account-profile" className={styles.cardTitle}>
          Profile
        </h2>
        <UsernameEditor />
        <ChangeEmail user={user} />
      </section>
      <ChangePassword />
      <SignedInSessions titleClass={styles.cardTitle} />
      <SignOutEverywhere />
      <NotificationSettings user={user} titleClass={styles.cardTitle} />
      <BlockedUsers titleClass={styles.cardTitle} />
      <YourData user={user} titleClass={styles.cardTitle} />
    </div>
  );
}

function ChangePassword() {
  const uid = useId();
  const [current, setCurrent] = useState('');
  const next = useNewPassword();
  const [done, showDone] = useShowFor<true>(6000);
  const change = useChangePassword();
  const error = next.invalid?.text ?? (change.isError ? errorText(change.error, messages.newPasswordFailed) : null);
  const errorId = `${uid}-error`;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    change.reset();
    if (!next.check()) return;
    change.mutate(
      { currentPassword: current, newPassword: next.password },
      {
        onSuccess: () => {
          setCurrent('');
          next.clear();
          showDone(true);
        },
      },
    );
  }

  return (
    <section className={pageStyles.section} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={styles.cardTitle}>
        Change Password
      </h2>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <PasswordField
          id={`${uid}-current`}
          label="Current Password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          aria-describedby={error ? errorId : undefined}
        />
        <PasswordFields idPrefix={uid} label="New Password" {...next.fields} invalidField={next.invalid?.field} errorId={error ? errorId : undefined} />
        <FormError id={errorId} text={error} />
        {done && <p role="status">{CHANGED}</p>}
        <SubmitButton busy={change.isPending} busyLabel="Saving…">
          Change Password
        </SubmitButton>
      </form>
    </section>
  );
}

function SignOutEverywhere() {
  const uid = useId();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <section className={pageStyles.section} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={styles.cardTitle}>
        Sign Out Everywhere
      </h2>
      <p className={styles.muted}>{MESSAGES.signOutEverywhereIntro}</p>
      {asking ? (
        <div className={pageStyles.actions} role="group" aria-label="Confirm signing out everywhere">
          <button
            type="button"
            className={pageStyles.button}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate('/login') })}
          >
            {signOut.isPending ? MESSAGES.signingOut : 'Yes, sign out everywhere'}
          </button>
          <button type="button" className={pageStyles.buttonGhost} onClick={() => setAsking(false)} autoFocus>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className={pageStyles.buttonGhost} onClick={() => setAsking(true)}>
          Sign out everywhere
        </button>
      )}
      <ErrorLine request={signOut} fallback={MESSAGES.signOutFailed} className={styles.error} />
    </section>
  );
}
