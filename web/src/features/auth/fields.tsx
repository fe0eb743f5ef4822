import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon } from './authIcons';
import type { PasswordPolicy } from './authApi';
import styles from './Auth.module.css';
import { MESSAGES } from '../../api/contract';

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

/** What is wrong with the form, announced; its fields name it by id (aria-describedby). */
export function FormError({ id, text }: { id: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className={styles.error}>
      {text}
    </p>
  );
}

/** The form's submit button: disabled and busy, saying busyLabel, while the form is sent. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

interface PolicyState {
  data: PasswordPolicy | undefined;
  isPending: boolean;
  isError: boolean;
}

interface PasswordFieldsProps {
  /** Prefix of the fields' ids: {prefix}-password, {prefix}-confirm, {prefix}-requirements. */
  idPrefix: string;
  label: string;
  /** A new password: it is asked for twice, and the server's rules are listed. */
  isNew: boolean;
  password: string;
  onPassword: (value: string) => void;
  confirm: string;
  onConfirm: (value: string) => void;
  /** The field the shown error is about. */
  invalidField: 'password' | 'confirm' | undefined;
  /** The id of the shown error, if any. */
  errorId: string | undefined;
  passwordRef: Ref<HTMLInputElement>;
  confirmRef: Ref<HTMLInputElement>;
  policy: PolicyState;
}

/** The password, and for a new one 'Confirm Password' and the server's password rules. */
export function PasswordFields({ idPrefix, label, isNew, password, onPassword, confirm, onConfirm, invalidField, errorId, passwordRef, confirmRef, policy }: PasswordFieldsProps) {
  const requirementsId = `${idPrefix}-requirements`;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={label}
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        value={password}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onPassword(e.target.value)}
        invalid={invalidField === 'password'}
        aria-describedby={[errorId, isNew ? requirementsId : undefined].filter(Boolean).join(' ') || undefined}
        inputRef={passwordRef}
      />
      {isNew && (
        <>
          <PasswordField
            id={`${idPrefix}-confirm`}
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e: ChangeEvent<HTMLInputElement>) => onConfirm(e.target.value)}
            invalid={invalidField === 'confirm'}
            aria-describedby={errorId}
            inputRef={confirmRef}
          />
          <PasswordRequirements id={requirementsId} policy={policy.data} isLoading={policy.isPending} isError={policy.isError} />
        </>
      )}
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
function PasswordRequirements({ id, policy, isLoading, isError }: RequirementsProps) {
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
        isError && <p className={styles.muted}>{MESSAGES.passwordPolicyUnknown}</p>
      )}
    </div>
  );
}
