import { Link } from 'react-router';
import type { components } from '../api/schema.gen';
import { FallbackImage } from './FallbackImage';
import { RelativeTime } from './RelativeTime';
import { stripSurvivorPrefix } from '../lib/seasonDisplay';
import { TAG_LABELS, isUserTag } from '../lib/tags';
import { ranksUnfinished, useUnfinishedCastaways } from '../lib/watching';
import { useShownCount } from '../lib/later';
import { useIsMobile } from './useMediaQuery';
import styles from './ListCard.module.css';
import moderation from './moderationMarks.module.css';

export type ListSummary = components['schemas']['ListSummary'];

/** Where a list page was opened from; the list page reads it from navigation state. */
export type ListSource = 'home' | 'other';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface Props {
  list: ListSummary;
  from: ListSource;
  /** Hide the author line, e.g. on a page that is all one author's lists. */
  hideAuthor?: boolean;
  /** Say when the list was published, beside its author (a feed: who published what, when). */
  dated?: boolean;
  /** A word on why the card is here, above its preview (a castaway page: their place in it). */
  badge?: string;
}

/**
 * A list summary: name, author, upvotes, item count and the top 3 items with their numbers
 * (a tier list's: the first entries of its top tier, under the tier's label).
 * The whole card opens the list; the author link opens their rankings. Spoiler-tagged lists
 * keep their preview blurred and hidden from assistive technology.
 */
export function ListCard({ list, from, hideAuthor = false, dated = false, badge }: Props) {
  // A spoiler-tagged list, or one whose top ranks castaways of a season the fan has not
  // finished, keeps its preview blurred (the list page covers it until revealed).
  const tagged = list.tags.includes('spoiler');
  const unfinished = ranksUnfinished(list.topItems, useUnfinishedCastaways());
  const spoiler = tagged || unfinished;
  const seasons = list.tags.includes('season-ranking') || list.topItems.some((i) => i.isSeason);
  const tags = list.tags.filter(isUserTag);
  const topTier = list.format === 'tiers' ? list.topTier : undefined;
  const previewLabel = topTier ? `Top tier ${topTier.label}` : 'Top 3';
  return (
    <article className={styles.card} aria-label={list.name}>
      {badge && <p className={styles.badge}>{badge}</p>}
      <div className={styles.preview}>
        {list.topItems.length === 0 ? (
          <p className={styles.noItems}>No items yet</p>
        ) : (
          <ol className={`${styles.items} ${spoiler ? styles.blurred : ''}`} aria-hidden={spoiler || undefined} aria-label={spoiler ? undefined : previewLabel}>
            {list.topItems.slice(0, 3).map((item, i) => (
              <li key={`${item.id}-${i}`} className={styles.item}>
                <span className={styles.thumb}>
                  <FallbackImage src={item.imageUrl} alt="" width={72} height={72} className={item.isSeason ? styles.logo : styles.headshot} />
                  {topTier ? (
                    <span className={styles.tierMark} data-color={topTier.color} aria-hidden="true">
                      {topTier.label}
                    </span>
                  ) : (
                    <span className={styles.rank} aria-hidden="true">
                      {i + 1}
                    </span>
                  )}
                </span>
                <span className={styles.itemName}>{item.isSeason ? stripSurvivorPrefix(item.name) : item.name}</span>
              </li>
            ))}
          </ol>
        )}
        {spoiler && <span className={styles.spoilerLabel}>{tagged ? 'Contains Spoilers' : 'Season not finished'}</span>}
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 className={styles.name}>
            <Link to={`/list/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}`} state={{ from }} className={styles.open}>
              {list.name}
            </Link>
          </h3>
          {!list.isPublic && <span className={styles.private}>Private</span>}
          {list.hidden && <span className={moderation.hiddenBadge}>Hidden by moderators</span>}
        </div>
        {!hideAuthor && (
          <p className={styles.author}>
            <span className={styles.byline}>
              by{' '}
              <Link to={`/rankings/user/${encodeURIComponent(list.userId)}`} state={{ userName: list.userName }} className={styles.authorLink}>
                {list.userName || 'Anonymous'}
              </Link>
            </span>
            {dated && <RelativeTime iso={list.createdAt} className={styles.when} />}
          </p>
        )}
        <p className={styles.meta}>
          <span className={styles.votes}>
            <span aria-hidden="true">▲</span> {plural(list.upvoteCount, 'upvote', 'upvotes')}
          </span>
          <span>{plural(list.contestantCount, seasons ? 'season' : 'contestant', seasons ? 'seasons' : 'contestants')}</span>
          {list.format === 'tiers' && <span className={styles.format}>Tier list</span>}
        </p>
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {tags.map((t) => (
              <li key={t} className={t === 'spoiler' ? `${styles.tag} ${styles.tagSpoiler}` : styles.tag}>
                {TAG_LABELS[t]}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** A placeholder card while lists load. */
export function ListCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.preview}>
        <div className={styles.items}>
          {[0, 1, 2].map((i) => (
            <span key={i} className={styles.item}>
              <span className={`${styles.thumb} ${styles.shimmer}`} />
              <span className={`${styles.line} ${styles.shimmer}`} />
            </span>
          ))}
        </div>
      </div>
      <div className={styles.body}>
        <span className={`${styles.line} ${styles.lineWide} ${styles.shimmer}`} />
        <span className={`${styles.line} ${styles.shimmer}`} />
      </div>
    </div>
  );
}

interface GridProps {
  lists: ListSummary[] | undefined;
  from: ListSource;
  loading?: boolean;
  skeletons?: number;
  hideAuthor?: boolean;
  /** Each card says when its list was published (ListCard's dated). */
  dated?: boolean;
  label?: string;
  /** Each card's badge (ListCard's), if any. */
  badgeOf?: (list: ListSummary) => string | undefined;
}

/** Cards three per row, fewer when the space is narrow (container queries, so the seasons panel counts). */
export function ListCardGrid({ lists, from, loading = false, skeletons = 3, hideAuthor, dated, label, badgeOf }: GridProps) {
  if (loading) {
    return (
      <div className={styles.gridWrap} role="status" aria-label="Loading lists">
        <div className={styles.grid}>
          {Array.from({ length: skeletons }, (_, i) => (
            <ListCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  return <Cards lists={lists ?? []} from={from} hideAuthor={hideAuthor} dated={dated} label={label} badgeOf={badgeOf} />;
}

/** The cards: as the app starts, those of the first screen at once and the rest a slice at a time (lib/later). */
function Cards({ lists, from, hideAuthor, dated, label, badgeOf }: Omit<GridProps, 'loading' | 'skeletons'> & { lists: ListSummary[] }) {
  const perSlice = useIsMobile() ? 2 : 3;
  const shown = useShownCount(lists.length, perSlice);
  return (
    <div className={styles.gridWrap}>
      <ul className={styles.grid} aria-label={label}>
        {lists.slice(0, shown).map((list) => (
          <li key={`${list.userId}/${list.id}`} className={styles.cell}>
            <ListCard list={list} from={from} hideAuthor={hideAuthor} dated={dated} badge={badgeOf?.(list)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
