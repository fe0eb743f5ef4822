import { createPortal } from 'react-dom';
import { IdolIcon } from '../icons';
import type { IdolFind } from './useIdolSearch';
import styles from './IdolOverlay.module.css';
import { MESSAGES } from '../../api/contract';

export const IDOL_FOUND = MESSAGES.idolFound;
export const IDOL_SIGN_IN = MESSAGES.idolSignIn;

/**
 * The idol find, centred over the whole page for its few seconds. The live region stays
 * mounted so screen readers announce the text when it appears, and the overlay takes no
 * pointer events, so it never stands between a fan and the control they are using. It is
 * portalled to <body>: the phone sheet's transform would otherwise make it the sheet's.
 */
export function IdolOverlay({ found }: { found: IdolFind | null }) {
  return createPortal(
    <div className={styles.layer} role="status" aria-live="polite">
      {found && (
        <div className={styles.card}>
          <IdolIcon className={styles.idol} width={72} height={72} />
          <p className={styles.title}>{IDOL_FOUND}</p>
          {found === 'signedOut' && (
<p className={styles.hint}>{IDOL_SIGN_IN}</p>
          )}
        </div>
      )}
    </div>,
    document.body,
  );
}
