import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/FallbackImage';
import { TrophyIcon } from '../../components/icons';
import { PageHero } from '../../components/PageHero';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { LOAD_FAILED, usePolls, type GlobalPollSummary } from './globalApi';
import { LoadFailed } from '../../components/Failure';
import { userMessage } from '../../api/userMessage';
import page from '../../components/Page.module.css';
import styles from './Global.module.css';
import { MESSAGES } from '../../api/contract';

export const TROPHIES = 20;

/** Where each falling trophy starts, how big it is and when it falls: fixed, so every render agrees. */
const RAIN = Array.from({ length: TROPHIES }, (_, i) => ({
  left: (i * 37 + 11) % 100,
  // Negative: the rain is already falling when the card appears.
  delay: -((i * 7) % 20) / 4,
  duration: 4 + ((i * 13) % 7) / 2,
  size: 14 + ((i * 5) % 4) * 4,
  rest: (i * 29 + 17) % 100,
}));

/** The decorative rain of 20 trophies over a card (still when the user prefers reduced motion). */
export function TrophyRain() {
  return (
    <div className={styles.rain} aria-hidden="true" data-testid="trophy-rain">
      {RAIN.map((t, i) => (
        <span
          key={i}
          className={styles.drop}
          style={{ left: `${t.left}%`, '--delay': `${t.delay}s`, '--duration': `${t.duration}s`, '--rest': `${t.rest}%` } as CSSProperties}
        >
          <TrophyIcon width={t.size} height={t.size} />
        </span>
      ))}
    </div>
  );
}

function PollCard({ poll }: { poll: GlobalPollSummary }) {
  return (
    <li className={styles.pollCard}>
      <TrophyRain />
      <div className={styles.pollBody}>
        <h2 className={styles.pollTitle}>
          <Link to={`/global-rankings/${encodeURIComponent(poll.id)}`} className={styles.pollLink}>
            {poll.title}
          </Link>
        </h2>
        {poll.description && <p className={styles.pollDescription}>{poll.description}</p>}
        <p className={styles.total}>Total Submissions: {poll.totalSubmissions}</p>
        {!poll.isOpen && <p className={styles.closedBadge}>Voting closed</p>}
        {poll.top.length > 0 ? (
          <ol className={styles.top3} aria-label={`Current top 3 of ${poll.title}`}>
            {poll.top.slice(0, 3).map((it, i) => (
              <li key={it.id}>
                <span className={styles.top3Rank} aria-hidden="true">
                  {i + 1}
                </span>
                <FallbackImage src={it.imageUrl} alt="" className={styles.top3Image} width={40} height={40} />
                <span className={styles.top3Name}>{it.name}</span>
                <span className={styles.points}>{it.totalScore} pts</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.noVotes}>{MESSAGES.pollNoVotes}</p>
        )}
        <span className={styles.pollCta} aria-hidden="true">
          {poll.isOpen ? 'Vote and see the results →' : 'See the final results →'}
        </span>
      </div>
    </li>
  );
}

export default function GlobalRankingsPage() {
  usePageTitle(pageTitle('Global Rankings'));
  const polls = usePolls();
  let body;
  if (polls.isPending) {
    body = (
      <div className={styles.skeleton} role="status">
        <span className="visually-hidden">{MESSAGES.pollsLoading}</span>
      </div>
    );
  } else if (polls.isError) {
    body = (
      <LoadFailed message={userMessage(polls.error, LOAD_FAILED)} onRetry={() => void polls.refetch()} className={styles.loadError} retryLabel="Retry" />
    );
  } else if (polls.data.polls.length === 0) {
    body = <p className={styles.noVotes}>{MESSAGES.noPolls}</p>;
  } else {
    body = (
      <ul className={styles.pollList}>
        {polls.data.polls.map((p) => (
          <PollCard key={p.id} poll={p} />
        ))}
      </ul>
    );
  }
  return (
    <div className={page.page}>
      <PageHero eyebrow="Community vote" title="Global Rankings" compact>
        <p>{MESSAGES.pollsIntro}</p>
      </PageHero>
      {body}
    </div>
  );
}
