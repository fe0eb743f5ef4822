import { useLocation } from 'react-router';
import styles from './Layout.module.css';

/** The navigation state that carries a one-time notice to the next page (a report sent, an account deleted). */
export interface FlashState {
  notice?: string;
}

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
