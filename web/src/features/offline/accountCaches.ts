import { useEffect } from 'react';
import { useMe } from '../../lib/session';
import { ACCOUNT_CHANGED, CACHES } from './cacheNames';

/** The account ('' for none) whose reads the service worker's cache holds. */
const ACCOUNT_KEY = 'castaway.cachedAccount';

/**
 * The service worker keeps only public copies of API reads (cacheRules' mayKeep), but which
 * pages were read is the reader's own: when another account, or none, is signed in, they are
 * dropped, and the worker starts a new generation so a read still in flight is not kept
 * either (cacheRules' AccountGate).
 */
export async function forgetOtherAccounts(account: string): Promise<void> {
  let last: string | null = null;
  try {
    last = window.localStorage.getItem(ACCOUNT_KEY);
  } catch {
    // No storage: treat every answer about the session as a change; clearing is harmless.
  }
  if (last === account) return;
  try {
    window.localStorage.setItem(ACCOUNT_KEY, account);
  } catch {
    // As above.
  }
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  registration?.active?.postMessage({ type: ACCOUNT_CHANGED });
  if (typeof caches !== 'undefined') await caches.delete(CACHES.reads).catch(() => false);
}

/** Keeps the service worker's reads cache to the signed-in account (useMe, the one source of who that is). */
export function useAccountCaches(): void {
  const { user, isLoading, unknown } = useMe();
  // Offline or while the server cannot say, nothing is known: keep what there is.
  const account = isLoading || unknown ? null : (user?.id ?? '');
  useEffect(() => {
    if (account !== null) void forgetOtherAccounts(account);
  }, [account]);
}
