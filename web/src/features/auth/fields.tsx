import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon } from './authIcons';
import type { PasswordPolicy } from './authApi';
import styles from './Auth.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled field: the label above its control. */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function TextField({ id, label, invalid = false, inputRef, ...input }: FieldProps) {
  return (
    <Field id={id} label={label}>
      <input id={id} ref={inputRef} className={styles.input} aria-invalid={invalid || undefined} {...input} />
    </Field>
  );
}

/** A password input with a show/hide toggle, so a typo can be checked before submitting. */
export function PasswordField({ id, label, invalid = false, inputRef, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label}>
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
    </Field>
  );
}

interface PolicyState {
  data: PasswordPolicy | undefined;
  isPending: boolean;
  isError: boolean;
}

interface ConfirmProps {
  id: string;
  requirementsId: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  invalid: boolean;
  describedBy: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  policy: PolicyState;
}

/** The 'Confirm Password' field of a new password, followed by the server's password rules. */
export function ConfirmPasswordAndRequirements({ id, requirementsId, value, onChange, invalid, describedBy, inputRef, policy }: ConfirmProps) {
  return (
    <>
      <PasswordField
        id={id}
        label="Confirm Password"
        autoComplete="new-password"
        required
        value={value}
        onChange={onChange}
        invalid={invalid}
        aria-describedby={describedBy}
        inputRef={inputRef}
      />
      <PasswordRequirements id={requirementsId} policy={policy.data} isLoading={policy.isPending} isError={policy.isError} />
    </>
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
