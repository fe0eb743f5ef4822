import { useRef, useState } from 'react';
import { messages, usePasswordPolicy } from './authApi';
import { MESSAGES } from '../../api/contract';

export type NewPasswordProblem = { text: string; field: 'password' | 'confirm' };

/**
 * A new password asked twice, as the reset and change-password forms ask it: the state that
 * PasswordFields shows (spread `fields` into it) and the check before the form is sent.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** What the form itself refuses before asking the server. */
  const [invalid, setInvalid] = useState<NewPasswordProblem | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const policy = usePasswordPolicy();

  /** Whether the password may be sent; if not, says why and moves focus to the field at fault. */
  function check(): boolean {
    let problem: NewPasswordProblem | null = null;
    if (!password) problem = { text: MESSAGES.newPasswordRequired, field: 'password' };
    else if (password !== confirm) problem = { text: messages.passwordMismatch, field: 'confirm' };
    setInvalid(problem);
    if (problem) (problem.field === 'password' ? passwordRef : confirmRef).current?.focus();
    return problem === null;
  }

  function clear() {
    setPassword('');
    setConfirm('');
  }

  return {
    password,
    invalid,
    check,
    clear,
    fields: { isNew: true, password, onPassword: setPassword, confirm, onConfirm: setConfirm, passwordRef, confirmRef, policy },
  };
}
