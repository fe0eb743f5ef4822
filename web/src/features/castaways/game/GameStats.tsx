import styles from './CastawayGame.module.css';

/** A stat: its label, its value ('' leaves it out), and whether it takes a whole row (a sentence rather than a number). */
export type Stat = [label: string, value: string | number, wide?: boolean];

/** Stats as a grid of small tiles. */
export function GameStats({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <dl className={styles.stats} aria-label={label}>
      {stats
        .filter(([, value]) => value !== '')
        .map(([name, value, wide]) => (
          <div key={name} className={`${styles.stat} ${wide ? styles.wide : ''}`}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
