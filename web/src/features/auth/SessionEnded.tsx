import { Link, useLocation } from 'react-router';
import { dismissSessionGone, useSessionGone } from '../../lib/sessionGone';
import { messages } from './authApi';
import styles from './AccountBanners.module.css';

/**
 * Above every page once a session was ended from another device (lib/sessionGone): why this
 * browser is signed out now, and the way to sign in again and come back here. Said once: it
 * stays until dismissed or signed in again.
 */
export function SessionEnded() {
  const due = useSessionGone();
  const location = useLocation();
  if (!due) return null;
  const onLogin = location.pathname === '/login';

  function dismiss() {
    dismissSessionGone();
    // The button goes with the banner: keep the keyboard in the page, not at its top.
    document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <div className={styles.banners}>
      <section className={`${styles.banner} ${styles.important}`} aria-label="Signed out">
        <p role="alert">{messages.sessionEnded}</p>
        <div className={styles.actions}>
          {!onLogin && (
            <Link to="/login" state={{ from: location.pathname + location.search + location.hash }} className={styles.action}>
              Sign in again
            </Link>
          )}
          <button type="button" className={styles.action} onClick={dismiss}>
            Dismiss
          </button>
        </div>
      </section>
    </div>
  );
}
