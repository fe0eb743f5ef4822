import { useRegisterSW } from 'virtual:pwa-register/react';
import styles from './Offline.module.css';

/** How often an open page asks whether a new version was deployed (browsers also ask on each visit). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export const UPDATE_TEXT = 'A new version of Survivor Rankings is ready.';

/**
 * Registers the service worker (src/sw.ts) and, when a new version of it is waiting, offers
 * the reload that lets it take over; until then the open page keeps the code it started with.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <section className={styles.update} aria-label="Update">
      <p role="status">{UPDATE_TEXT}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void updateServiceWorker(true)}>
          Reload
        </button>
        <button type="button" className={styles.action} onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      </div>
    </section>
  );
}
