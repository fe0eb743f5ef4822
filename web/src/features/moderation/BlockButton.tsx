import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { BLOCK_FAILED, useSetBlocked } from './moderationApi';
import { ErrorLine } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from '../../components/DialogForm.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

interface Props {
  userId: string;
  name: string;
  blocked: boolean;
  /** 'button' on a user's page, 'text' beside a comment. */
  look?: 'button' | 'text';
  /** Called once the block or unblock is done. */
  onDone?: (blocked: boolean) => void;
}

/** 'Block' (after a confirmation that says what it does) or 'Unblock' a user. */
export function BlockButton({ userId, name, blocked, look = 'button', onDone }: Props) {
  const uid = useId();
  const [asking, setAsking] = useState(false);
  const setBlocked = useSetBlocked(userId);
  const className = look === 'text' ? styles.textButton : page.buttonGhost;

  function apply(block: boolean) {
    setBlocked.mutate(block, {
      onSuccess: () => {
        setAsking(false);
        onDone?.(block);
      },
    });
  }

  if (blocked) {
    return (
      <>
        <button type="button" className={className} onClick={() => apply(false)} disabled={setBlocked.isPending}>
          {setBlocked.isPending ? 'Unblocking…' : `Unblock ${name}`}
        </button>
        <ErrorLine request={setBlocked} fallback={BLOCK_FAILED} className={styles.error} />
      </>
    );
  }
  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)}>
        {look === 'text' ? 'Block user' : 'Block'}
      </button>
      {asking && (
        <Dialog labelledBy={`${uid}-title`} onClose={() => setAsking(false)}>
          <h2 id={`${uid}-title`} className={styles.dialogTitle}>
            {formatMessage(MESSAGES.blockQuestion, { name })}
          </h2>
          <p className={styles.hint}>
            {MESSAGES.blockEffects}
          </p>
          <ErrorLine request={setBlocked} fallback={BLOCK_FAILED} className={styles.error} />
          <div className={styles.buttons}>
            <button type="button" className={page.buttonGhost} onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="button" className={`${page.button} ${styles.danger}`} onClick={() => apply(true)} disabled={setBlocked.isPending} aria-busy={setBlocked.isPending || undefined}>
              {setBlocked.isPending ? 'Blocking…' : `Block ${name}`}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
