import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Dialog } from '../../components/Dialog';
import { userMessage } from '../../api/userMessage';
import { REASONS, REPORT_FAILED, REPORT_TEXT_MAX, sendReport, type ReportInput, type ReportReason } from './moderationApi';
import page from '../../components/Page.module.css';
import styles from './Moderation.module.css';

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

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!reason) {
      setInvalid({ text: 'Choose a reason for your report.', field: 'reason' });
      return;
    }
    if (reason === 'other' && text.trim() === '') {
      setInvalid({ text: 'Tell us what is wrong.', field: 'text' });
      textRef.current?.focus();
      return;
    }
    setInvalid(null);
    send.mutate({ ...subject, reason, ...(text.trim() ? { text: text.trim() } : {}) });
  }

  return (
    <Dialog labelledBy={`${uid}-title`} onClose={onClose}>
      <h2 id={`${uid}-title`} className={styles.dialogTitle}>
        Report this {what}
      </h2>
      <p className={styles.hint}>Our moderators will take a look. You won't see this {what} again.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.reasons}>
          <legend>Why are you reporting it?</legend>
          {REASONS.map((r) => (
            <label key={r.value} className={styles.reason}>
              <input type="radio" name={`${uid}-reason`} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
              {r.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${uid}-text`}>{reason === 'other' ? 'What is wrong?' : 'Anything to add? (optional)'}</label>
        <textarea
          id={`${uid}-text`}
          ref={textRef}
          className={styles.textarea}
          value={text}
          maxLength={REPORT_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={invalid?.field === 'text' || undefined}
          aria-describedby={error ? `${uid}-error` : undefined}
        />
        {error && (
          <p id={`${uid}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="button" className={page.buttonGhost} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={page.button} disabled={send.isPending} aria-busy={send.isPending || undefined}>
            {send.isPending ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
