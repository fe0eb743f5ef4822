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
