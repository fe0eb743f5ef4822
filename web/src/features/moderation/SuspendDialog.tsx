import { useId, useRef, useState } from 'react';
import { userMessage } from '../../api/userMessage';
import { FormDialog, TextField } from './FormDialog';
import { SUSPEND_FAILED, SUSPENSION_REASON_MAX, useSetSuspension, type ModerationUser } from './usersApi';
import styles from '../../components/DialogForm.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

/** The first day an end date may be: tomorrow (UTC), as an <input type="date"> value. */
function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

interface Props {
  account: ModerationUser;
  onClose: () => void;
  onSuspended: () => void;
}

/**
 * 'Suspend': a reason and an optional last day, then a confirming press. The account is
 * signed out at once and its lists and comments leave every page until it is restored.
 */
export function SuspendDialog({ account, onClose, onSuspended }: Props) {
  const uid = useId();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [invalid, setInvalid] = useState<{ text: string; field: 'reason' | 'until' } | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const suspend = useSetSuspension(account.id);
  const error = invalid?.text ?? (suspend.isError ? userMessage(suspend.error, SUSPEND_FAILED) : null);

  function onSubmit() {
    if (reason.trim() === '') {
      setInvalid({ text: MESSAGES.suspendReasonRequired, field: 'reason' });
      reasonRef.current?.focus();
      return;
    }
    if (until !== '' && until < tomorrow()) {
      setInvalid({ text: MESSAGES.suspendUntilPast, field: 'until' });
      return;
    }
    setInvalid(null);
    suspend.mutate({ reason: reason.trim(), ...(until ? { until: `${until}T00:00:00Z` } : {}) }, { onSuccess: onSuspended });
  }

  return (
    <FormDialog
      id={uid}
      title={formatMessage(MESSAGES.suspendQuestion, { name: account.displayName })}
      intro={
        <p className={styles.dialogIntro}>
          {MESSAGES.suspendEffects}
        </p>
      }
      initialFocus={reasonRef}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={suspend.isPending}
      submitLabel="Suspend account"
      pendingLabel="Suspending…"
    >
      <TextField
        id={`${uid}-reason`}
        label="Reason (they are not shown it; it goes in the log)"
        ref={reasonRef}
        value={reason}
        onChange={setReason}
        maxLength={SUSPENSION_REASON_MAX}
        required
        invalid={invalid?.field === 'reason'}
        describedBy={error && invalid?.field !== 'until' ? `${uid}-error` : undefined}
      />
      <label htmlFor={`${uid}-until`}>Until (optional; leave empty to suspend until restored)</label>
      <input
        id={`${uid}-until`}
        type="date"
        className={styles.input}
        value={until}
        min={tomorrow()}
        onChange={(e) => setUntil(e.target.value)}
        aria-invalid={invalid?.field === 'until' || undefined}
        aria-describedby={invalid?.field === 'until' ? `${uid}-error` : `${uid}-until-hint`}
      />
      <p id={`${uid}-until-hint`} className={styles.hint}>
        {MESSAGES.suspendUntilHint}
      </p>
    </FormDialog>
  );
}
