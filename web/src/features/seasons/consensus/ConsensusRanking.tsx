import { Link } from 'react-router';
import { MESSAGES } from '../../../api/contract';
import { userMessage } from '../../../api/userMessage';
import { FallbackImage } from '../../../components/FallbackImage';
import { LoadFailed } from '../../../components/Failure';
import { useShownCount } from '../../../lib/later';
import { CONSENSUS_ERROR, useConsensus, type Consensus } from './consensusApi';
import page from '../../../components/Page.module.css';
import styles from './ConsensusPage.module.css';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export interface Face {
  name: string;
  imageUrl: string;
  href?: string;
}

/** The ranking, best first (its first `shown`): rank, picture, name, score with a bar, and how many lists name it. */
function RankingList({ data, shown, face, label }: { data: Consensus; shown: number; face: (id: string, name: string) => Face; label: string }) {
  const top = data.ranking[0]?.score ?? 0;
  return (
    <ol className={styles.ranking} aria-label={label}>
      {data.ranking.slice(0, shown).map((e, i) => {
        const f = face(e.id, e.name);
        return (
          <li key={e.id} className={`${styles.entry} ${i < 3 ? styles[`top${i + 1}`] : ''}`}>
            <span className={styles.rank} aria-hidden="true">
              {i + 1}
            </span>
            <FallbackImage src={f.imageUrl} alt="" width={56} height={56} className={styles.picture} />
            <span className={styles.body}>
              <span className={styles.name}>{f.href ? <Link to={f.href}>{f.name}</Link> : f.name}</span>
              <span className={styles.bar} aria-hidden="true">
                <span style={{ width: `${top > 0 ? Math.max(2, (100 * e.score) / top) : 0}%` }} />
              </span>
              <span className={styles.meta}>Named in {plural(e.listCount, 'list', 'lists')}</span>
            </span>
            <span className={styles.score}>
              {e.score.toFixed(1)}
              <span className={styles.scoreLabel}>score</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Agreeing({ data }: { data: Consensus }) {
  if (data.agreeing.length === 0) return null;
  return (
    <section className={styles.agreeing} aria-labelledby="agreeing-heading">
      <h2 id="agreeing-heading" className={page.sectionTitle}>
        Lists that agree most
      </h2>
      <ul className={styles.agreeList}>
        {data.agreeing.map((l) => (
          <li key={`${l.userId}/${l.listId}`}>
            <Link to={`/list/${encodeURIComponent(l.userId)}/${encodeURIComponent(l.listId)}`} state={{ from: 'other' }} className={styles.agreeLink}>
              <span className={styles.agreeName}>{l.name}</span>
              <span className={styles.agreeMeta}>
                by {l.userName} · {l.agreement}% agreement
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The community's ranking of a season's cast (or of the seasons, seasonId null), with its loading and failure. */
export function ConsensusRanking({ seasonId, face, label, empty }: { seasonId: string | null; face: (id: string, name: string) => Face; label: string; empty: string }) {
  const query = useConsensus(seasonId);
  // As the app starts, the first entries at once and the rest a slice at a time (lib/later);
  // what follows the ranking once it is all there, so that it never moves down.
  const total = query.data?.ranking.length ?? 0;
  const shown = useShownCount(total, 5);
  if (query.isPending) {
    return (
      // Keyed, so what comes replaces the placeholder rather than being it moved.
      <div key="loading" className={styles.skeleton} role="status">
        <span className="visually-hidden">{MESSAGES.consensusLoading}</span>
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className={styles.skRow} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed message={userMessage(query.error, CONSENSUS_ERROR)} onRetry={() => void query.refetch()} className={styles.error} retryLabel="Retry" buttonClassName={page.button} />
    );
  }
  const data = query.data;
  if (data.ranking.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{empty}</p>
        <Link to="/create" className={page.button}>
          Create a ranking
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className={styles.summary}>
        From {plural(data.listCount, 'public list', 'public lists')}.{' '}
        <a href="#how-scored" className={styles.howLink}>
          How it is scored
        </a>
      </p>
      <RankingList data={data} shown={shown} face={face} label={label} />
      {shown === total && (
        <>
          <Agreeing data={data} />
          <p id="how-scored" className={styles.how}>
            {MESSAGES.consensusScoring}
          </p>
        </>
      )}
    </>
  );
}

