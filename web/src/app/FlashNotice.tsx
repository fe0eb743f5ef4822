import { useLocation } from 'react-router';
import type { FlashState } from '../lib/flash';
import styles from './Layout.module.css';

/** Shows the notice the last navigation carried, above the page. */
export function FlashNotice() {
  const state = useLocation().state as FlashState | null;
  const notice = typeof state?.notice === 'string' ? state.notice : '';
  return (
    <p role="status" className={notice ? styles.flash : 'visually-hidden'}>
      {notice}
    </p>
  );
}
