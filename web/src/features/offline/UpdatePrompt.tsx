import { useRegisterSW } from 'virtual:pwa-register/react';
import styles from './Offline.module.css';
import { MESSAGES } from '../../api/contract';

/** How often an open page asks whether a new version was deployed (browsers also ask on each visit). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export const UPDATE_TEXT = MESSAGES.updateReady;

let reloading = false;

/** Reloads once the new worker controls the page (workbox-window may ask too). */
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * Registers the service worker (src/sw.ts) and, when a new version of it is waiting, offers
 * the reload that lets it take over; until then the open page keeps the code it started with.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page has loaded: the precache's downloads never compete with the page's own.
    immediate: false,
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;

  function reload() {
    // workbox-window reloads by itself only when this page was controlled from its start;
    // a page the first version took over mid-visit reloads here.
    navigator.serviceWorker?.addEventListener('controllerchange', reloadOnce, { once: true });
    void updateServiceWorker(true);
  }

  return (
    <section className={styles.update} aria-label="Update">
      <p role="status">{UPDATE_TEXT}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={reload}>
          Reload
        </button>
        <button type="button" className={styles.action} onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      </div>
    </section>
  );
}
