import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { userMessage } from '../../api/userMessage';
import { FormDialog, TextField } from './FormDialog';
import { REASONS, REPORT_FAILED, REPORT_TEXT_MAX, sendReport, type ReportInput, type ReportReason } from './moderationApi';
import form from '../../components/DialogForm.module.css';
import styles from './Moderation.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

export type ReportSubject = { targetType: 'list'; userId: string; listId: string } | { targetType: 'comment'; commentId: string };

interface Props {
  subject: ReportSubject;
  onClose: () => void;
  /** The report was taken: the caller stops showing what was reported. */
  onReported: () => void;
}

/** 'Report': a reason (and words for 'Other'), sent to the moderators. What was typed stays through an error. */
export function ReportDialog({ subject, onClose, onReported }: Props) {
  const uid = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<{ text: string; field: 'reason' | 'text' } | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const send = useMutation({ mutationFn: (body: ReportInput) => sendReport(body), onSuccess: onReported });
  const what = subject.targetType === 'list' ? 'list' : 'comment';
  const error = invalid?.text ?? (send.isError ? userMessage(send.error, REPORT_FAILED) : null);

  function onSubmit() {
    if (!reason) {
      setInvalid({ text: MESSAGES.reportReasonRequired, field: 'reason' });
      return;
    }
    if (reason === 'other' && text.trim() === '') {
      setInvalid({ text: MESSAGES.reportTextRequired, field: 'text' });
      textRef.current?.focus();
      return;
    }
    setInvalid(null);
    send.mutate({ ...subject, reason, ...(text.trim() ? { text: text.trim() } : {}) });
  }

  return (
    <FormDialog
      id={uid}
      title={`Report this ${what}`}
      intro={<p className={form.hint}>{formatMessage(MESSAGES.reportIntro, { what })}</p>}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={send.isPending}
      submitLabel="Send report"
      pendingLabel="Sending…"
    >
      <fieldset className={styles.reasons}>
        <legend>{MESSAGES.reportReasonQuestion}</legend>
        {REASONS.map((r) => (
          <label key={r.value} className={styles.reason}>
            <input type="radio" name={`${uid}-reason`} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
            {r.label}
          </label>
        ))}
      </fieldset>
      <TextField
        id={`${uid}-text`}
        label={reason === 'other' ? MESSAGES.reportTextQuestion : 'Anything to add? (optional)'}
        ref={textRef}
        value={text}
        onChange={setText}
        maxLength={REPORT_TEXT_MAX}
        invalid={invalid?.field === 'text'}
        describedBy={error ? `${uid}-error` : undefined}
      />
    </FormDialog>
  );
}
