import { Link } from 'react-router';
import { FallbackImage } from '../../components/FallbackImage';
import { stripSurvivorPrefix } from '../../lib/seasonDisplay';
import { labelSize } from '../../lib/tiers';
import type { ListItem, Tier } from './api';
import { entryPath } from './entryPath';
import styles from './TierChart.module.css';

const display = (item: ListItem) => (item.isSeason ? stripSurvivorPrefix(item.name) : item.name);

/** One entry of the chart: its art and name, a link to its page, as in a ranked list. */
function ChartEntry({ item }: { item: ListItem }) {
  return (
    <li className={styles.entry}>
      <Link to={entryPath(item)} className={styles.entryLink} title={item.isSeason ? "Community ranking of this season's cast" : `${item.name}, ${stripSurvivorPrefix(item.seasonName)}`}>
        <FallbackImage src={item.imageUrl} alt="" width={52} height={52} className={item.isSeason ? styles.logo : styles.headshot} />
        <span className={styles.name}>{display(item)}</span>
      </Link>
    </li>
  );
}

/**
 * A tier list as a tier chart: a row per tier, its label on its colour, its entries beside it;
 * the notes follow the chart, so the rows stay a chart.
 */
export function TierChart({ tiers }: { tiers: Tier[] }) {
  const noted = tiers.flatMap((t) => t.contestants.filter((i) => i.note).map((item) => ({ item, tier: t.label })));
  return (
    <>
      <ol className={styles.chart} aria-label="Tiers">
        {tiers.map((tier, i) => (
          <li key={`${i}-${tier.label}`} className={styles.tier}>
            <div className={styles.label} data-color={tier.color} data-size={labelSize(tier.label)}>
              <span className="visually-hidden">Tier </span>
              {tier.label}
            </div>
            {tier.contestants.length === 0 ? (
              <p className={styles.empty}>
                <span className="visually-hidden">No entries in tier {tier.label}</span>
              </p>
            ) : (
              <ul className={styles.entries} aria-label={`Tier ${tier.label}`}>
                {tier.contestants.map((item) => (
                  <ChartEntry key={item.id} item={item} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {noted.length > 0 && (
        <section className={styles.notes} aria-labelledby="tier-notes">
          <h3 id="tier-notes" className={styles.notesTitle}>
            Notes
          </h3>
          <ul className={styles.noteList}>
            {noted.map(({ item, tier }) => (
              <li key={item.id}>
                <span className={styles.noteName}>
                  {display(item)} <span className={styles.noteTier}>({tier})</span>
                </span>{' '}
                <span className={styles.noteText}>{item.note}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
