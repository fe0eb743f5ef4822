import { useNetworkState } from '../../lib/useNetworkState';
import styles from './Offline.module.css';
import { MESSAGES } from '../../api/contract';

export const OFFLINE_TEXT = MESSAGES.offlineBanner;
export const UNREACHABLE_TEXT = MESSAGES.unreachableBanner;

/**
 * Says, above the page, that what it shows may be the copy kept from an earlier visit. The
 * live region is always there (empty while online) so a screen reader hears it appear.
 */
export function OfflineBanner() {
  const state = useNetworkState();
  const text = state === 'offline' ? OFFLINE_TEXT : state === 'unreachable' ? UNREACHABLE_TEXT : '';
  return (
    <p role="status" className={text ? styles.banner : 'visually-hidden'}>
      {text}
    </p>
  );
}
