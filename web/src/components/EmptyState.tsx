import type { ReactNode } from 'react';
import { TorchMark } from './icons';
import styles from './Page.module.css';
import { MESSAGES } from '../api/contract';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className={styles.emptyCard}>
      <span className={styles.emptyIcon}>
        <TorchMark width={18} height={26} />
      </span>
      <div className={styles.muted}>{children}</div>
    </div>
  );
}

export function PageLoader() {
  return (
    <div className={styles.loader} role="status">
      {MESSAGES.pageLoading}
    </div>
  );
}

/**
 * The screen under a page's banner while the page's data comes, kept empty and as tall as
 * the screen: nothing is drawn there under a placeholder that the data would then move
 * (a layout shift), and the page's own blocks replace it when they come.
 */
export function PageRestLoading({ message }: { message: string }) {
  return (
    <div className={styles.restLoading} role="status">
      <span className="visually-hidden">{message}</span>
    </div>
  );
}
