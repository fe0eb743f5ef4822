import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from '../../../components/icons';
import { GameCredit } from '../../../components/GameCredit';
import styles from './Game.module.css';

interface Props {
  title: string;
  /** A few words shown beside the title, open or closed ('17 councils'). */
  summary?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/**
 * One part of a season's game under a heading whose button shows or hides it, so a long page
 * stays scannable; the data's credit at its foot. A closed part is not rendered at all.
 */
export function GameSection({ title, summary, defaultOpen = false, children }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const ids = { title: useId(), body: useId() };
  return (
    <section className={styles.section} aria-labelledby={ids.title}>
      <h2 className={styles.sectionHeading}>
        <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={ids.body} onClick={() => setOpen(!open)}>
          <span id={ids.title} className={styles.sectionTitle}>
            {title}
          </span>
          {summary && <span className={styles.summary}>{summary}</span>}
          <ChevronIcon direction={open ? 'up' : 'down'} className={styles.chevron} />
        </button>
      </h2>
      <div id={ids.body} hidden={!open} className={styles.sectionBody}>
        {open && children}
      </div>
      <GameCredit />
    </section>
  );
}
