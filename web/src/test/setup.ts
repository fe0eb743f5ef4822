import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetStartUp } from '../lib/later';

// findBy and waitFor wait for a condition; on a busy machine (the whole suite, journeys
// alongside) a save-then-navigate can take over the default second.
configure({ asyncUtilTimeout: 5000 });

// The app asks GET /api/me only when the server's signed-in hint cookie is present; each
// test's mocked server decides who is signed in, so every test starts with the hint.
beforeEach(() => {
  document.cookie = 'castaway_signed_in=1; Path=/';
  // Every part renders whole at once, as once the app has started (lib/later's own tests
  // start it afresh).
  resetStartUp(false);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The tab's kept words and a session ended elsewhere (lib/tabText, lib/sessionGone).
  window.sessionStorage.clear();
});

// jsdom has <dialog> but not its modal half: open and close it by its `open` attribute, and
// let Escape cancel the open one as a browser does (a `cancel` event, then close unless
// prevented). Tab containment (the page inert behind) is the browser's; the journeys see it.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const escapes = new WeakMap<HTMLDialogElement, (e: KeyboardEvent) => void>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const onKey = (e: KeyboardEvent) => {
      if (!this.isConnected || !this.open) {
        document.removeEventListener('keydown', onKey);
        return;
      }
      if (e.key === 'Escape' && this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    escapes.set(this, onKey);
    document.addEventListener('keydown', onKey);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const onKey = escapes.get(this);
    if (onKey) document.removeEventListener('keydown', onKey);
    this.dispatchEvent(new Event('close'));
  };
}
