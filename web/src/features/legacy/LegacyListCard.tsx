import { useId, type ReactNode } from 'react';
import { stripSurvivorPrefix } from '../../lib/seasonDisplay';
import type { LegacyItem } from './legacyApi';
import page from '../../components/Page.module.css';
import ui from '../../components/ui.module.css';
import styles from './LegacyPage.module.css';
import { MESSAGES } from '../../api/contract';

/** An item's name as the page shows it (a season without 'Survivor: '). */
export function itemLabel(item: LegacyItem): string {
  return item.isSeason ? stripSurvivorPrefix(item.name) : item.name;
}

interface Props {
  title: string;
  items: LegacyItem[];
  /** What follows an item's rank in its row. */
  row: (item: LegacyItem, index: number) => ReactNode;
  /** After the items (the editor's search). */
  children?: ReactNode;
}

/** One of the record's lists as a card: its title, then its items in rank order or a word that it is empty. */
export function LegacyListCard({ title, items, row, children }: Props) {
  const headingId = useId();
  return (
    <section className={styles.list} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.listTitle}>
        {title}
      </h2>
      {items.length === 0 ? (
        <p className={page.muted}>{MESSAGES.legacyEmpty}</p>
      ) : (
        <ol className={ui.stack}>
          {items.map((item, i) => (
            <li key={item.id} className={styles.item}>
              <span className={styles.rank}>{i + 1}</span>
              {row(item, i)}
            </li>
          ))}
        </ol>
      )}
      {children}
    </section>
  );
}
