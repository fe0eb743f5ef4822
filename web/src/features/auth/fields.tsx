import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { EyeIcon } from './authIcons';
import type { PasswordPolicy } from './authApi';
import styles from './Auth.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, invalid = false, inputRef, ...input }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} ref={inputRef} className={styles.input} aria-invalid={invalid || undefined} {...input} />
    </div>
  );
}

/** A password input with a show/hide toggle, so a typo can be checked before submitting. */
export function PasswordField({ id, label, invalid = false, inputRef, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.passwordWrap}>
        <input
          id={id}
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          className={`${styles.input} ${styles.passwordInput}`}
          aria-invalid={invalid || undefined}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon off={visible} />
        </button>
      </div>
    </div>
  );
}

interface RequirementsProps {
  id: string;
  policy: PasswordPolicy | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The server's password rules, as GET /api/auth/password-policy lists them. */
export function PasswordRequirements({ id, policy, isLoading, isError }: RequirementsProps) {
  return (
    <div id={id} className={styles.requirements}>
      <p className={styles.requirementsTitle}>Password requirements</p>
      {isLoading ? (
        <ul className={styles.requirementList} aria-busy="true" aria-label="Loading password requirements">
          <li className={styles.skeletonLine} />
          <li className={styles.skeletonLine} />
        </ul>
      ) : policy ? (
        <ul className={styles.requirementList}>
          {policy.requirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        isError && <p className={styles.muted}>The password rules could not be loaded; the server will check your password.</p>
      )}
    </div>
  );
}
