import type { ReactNode } from 'react';
import styles from './Game.module.css';

/**
 * A table that scrolls sideways inside its own box on a narrow screen, never the page; the
 * box is a named region the keyboard can reach to scroll it.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable to be scrolled from the keyboard
    <div role="region" aria-label={label} tabIndex={0} className={styles.tableRegion}>
      {children}
    </div>
  );
}
