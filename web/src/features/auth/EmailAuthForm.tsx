import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import {
  errorText,
  messages,
  usePasswordPolicy,
  useRequestPasswordReset,
  useSignIn,
  useSignUp,
} from './authApi';
import { FormError, PasswordFields, SubmitButton, TextField } from './fields';
import styles from './Auth.module.css';
import { MESSAGES } from '../../api/contract';

export type EmailMode = 'signIn' | 'signUp';

interface Props {
  /** Called with the signed-in user's destination once signing in or up succeeded. */
  onSignedIn: () => void;
  /** The email input, for a page that moves focus to the form. */
  emailRef?: RefObject<HTMLInputElement | null>;
}

type ResetNotice = { kind: 'ok' | 'error'; text: string } | null;

/** The email section of /login: Sign In and Sign Up tabs over one form. */
export function EmailAuthForm({ onSignedIn, emailRef: givenEmailRef }: Props) {
  const uid = useId();
  const [mode, setMode] = useState<EmailMode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** What the form itself refuses before asking the server. */
  const [invalid, setInvalid] = useState<{ text: string; field: 'email' | 'password' | 'confirm' } | null>(null);
  const [resetEmailMissing, setResetEmailMissing] = useState(false);
  const ownEmailRef = useRef<HTMLInputElement>(null);
  const emailRef = givenEmailRef ?? ownEmailRef;
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const tabRefs = useRef<Record<EmailMode, HTMLButtonElement | null>>({ signIn: null, signUp: null });

  const signIn = useSignIn();
  const signUp = useSignUp();
  const reset = useRequestPasswordReset();
  const policy = usePasswordPolicy(mode === 'signUp');
  const busy = signIn.isPending || signUp.isPending;
  const isSignUp = mode === 'signUp';
  const submitted = isSignUp ? signUp : signIn;
  const error: { text: string; field?: 'email' | 'password' | 'confirm' } | null =
    invalid ?? (submitted.isError ? { text: errorText(submitted.error, isSignUp ? messages.signUpFailed : messages.signInFailed) } : null);
  let resetNotice: ResetNotice = null;
  if (resetEmailMissing) resetNotice = { kind: 'error', text: messages.resetEmailMissing };
  else if (reset.isSuccess) resetNotice = { kind: 'ok', text: messages.resetSent };
  else if (reset.isError) resetNotice = { kind: 'error', text: errorText(reset.error, messages.resetFailed) };

  function clearNotices() {
    setInvalid(null);
    setResetEmailMissing(false);
    signIn.reset();
    signUp.reset();
    reset.reset();
  }

  function switchMode(next: EmailMode) {
    if (next === mode) return;
    setMode(next);
    clearNotices();
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    let next: EmailMode | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') next = mode === 'signIn' ? 'signUp' : 'signIn';
    if (e.key === 'Home') next = 'signIn';
    if (e.key === 'End') next = 'signUp';
    if (next) {
      e.preventDefault();
      switchMode(next);
      tabRefs.current[next]?.focus();
    }
  }

  function refuse(text: string, field: 'email' | 'password' | 'confirm') {
    setInvalid({ text, field });
    const target = field === 'email' ? emailRef : field === 'password' ? passwordRef : confirmRef;
    target.current?.focus();
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearNotices();
    const trimmed = email.trim();
    if (!trimmed || !password) {
      refuse(messages.credentialsMissing, !trimmed ? 'email' : 'password');
      return;
    }
    if (isSignUp && password !== confirm) {
      refuse(messages.passwordMismatch, 'confirm');
      return;
    }
    submitted.mutate({ email: trimmed, password }, { onSuccess: onSignedIn });
  }

  function onForgot() {
    clearNotices();
    const trimmed = email.trim();
    if (!trimmed) {
      setResetEmailMissing(true);
      emailRef.current?.focus();
      return;
    }
    reset.mutate(trimmed);
  }

  const panelId = `${uid}-panel`;
  const errorId = `${uid}-error`;
  const describedBy = error ? errorId : undefined;

  return (
    <div className={styles.emailSection}>
      <div role="tablist" aria-label="Email sign-in" className={styles.tabs}>
        {(['signIn', 'signUp'] as const).map((m) => (
          <button
            key={m}
            ref={(el) => {
              tabRefs.current[m] = el;
            }}
            type="button"
            role="tab"
            id={`${uid}-tab-${m}`}
            aria-selected={mode === m}
            aria-controls={panelId}
            tabIndex={mode === m ? 0 : -1}
            className={`${styles.tab} ${mode === m ? styles.tabActive : ''}`}
            onClick={() => switchMode(m)}
            onKeyDown={onTabKey}
          >
            {m === 'signIn' ? 'Sign In' : 'Sign Up'}
          </button>
        ))}
      </div>

      <form
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${uid}-tab-${mode}`}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
      >
        <TextField
          id={`${uid}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={error?.field === 'email'}
          aria-describedby={describedBy}
          inputRef={emailRef}
        />
        <PasswordFields
          idPrefix={uid}
          label="Password"
          isNew={isSignUp}
          password={password}
          onPassword={setPassword}
          confirm={confirm}
          onConfirm={setConfirm}
          invalidField={error?.field === 'email' ? undefined : error?.field}
          errorId={describedBy}
          passwordRef={passwordRef}
          confirmRef={confirmRef}
          policy={policy}
        />

        <FormError id={errorId} text={error?.text} />

        <SubmitButton busy={busy} busyLabel={isSignUp ? MESSAGES.creatingAccount : MESSAGES.signingIn}>
          {isSignUp ? 'Sign Up' : 'Sign In'}
        </SubmitButton>

        {!isSignUp && (
          <div className={styles.forgot}>
            <button type="button" className={styles.linkButton} onClick={onForgot} disabled={reset.isPending}>
              {reset.isPending ? MESSAGES.sendingReset : MESSAGES.forgotPassword}
            </button>
            {resetNotice && (
              <p role={resetNotice.kind === 'ok' ? 'status' : 'alert'} className={resetNotice.kind === 'ok' ? styles.success : styles.error}>
                {resetNotice.text}
              </p>
            )}
          </div>
        )}
        <p className={styles.switchHint}>
          {isSignUp ? MESSAGES.haveAccount : MESSAGES.newToIsland}{' '}
          <button type="button" className={styles.linkButton} onClick={() => switchMode(isSignUp ? 'signIn' : 'signUp')}>
            {isSignUp ? 'Sign in instead' : 'Create an account'}
          </button>
        </p>
      </form>
    </div>
  );
}
