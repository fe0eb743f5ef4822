import { Link, useParams } from 'react-router';
import { useCatalog } from '../../../api/catalog';
import type { Season } from '../../../api/client';
import { userMessage } from '../../../api/userMessage';
import { FallbackImage } from '../../../components/FallbackImage';
import { PageHero } from '../../../components/PageHero';
import { stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import { pageTitle, usePageTitle } from '../../../lib/pageTitle';
import { CONSENSUS_ERROR, useConsensus, type Consensus } from './consensusApi';
import { LoadFailed } from '../../../components/Failure';
import page from '../../../components/Page.module.css';
import styles from './ConsensusPage.module.css';
import { MESSAGES } from '../../../api/contract';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

interface Face {
  name: string;
  imageUrl: string;
  href?: string;
}

/** The ranking, best first: rank, picture, name, score with a bar, and how many lists name it. */
function RankingList({ data, face, label }: { data: Consensus; face: (id: string, name: string) => Face; label: string }) {
  const top = data.ranking[0]?.score ?? 0;
  return (
    <ol className={styles.ranking} aria-label={label}>
      {data.ranking.map((e, i) => {
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

function Body({ seasonId, face, label, empty }: { seasonId: string | null; face: (id: string, name: string) => Face; label: string; empty: string }) {
  const query = useConsensus(seasonId);
  if (query.isPending) {
    return (
      <div className={styles.skeleton} role="status">
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
      <RankingList data={data} face={face} label={label} />
      <Agreeing data={data} />
      <p id="how-scored" className={styles.how}>
        {MESSAGES.consensusScoring}
      </p>
    </>
  );
}

function SeasonsIndex({ seasons }: { seasons: Season[] }) {
  return (
    <nav className={styles.index} aria-label="Each season's community ranking">
      <h2 className={page.sectionTitle}>Each season's cast</h2>
      <ul className={styles.chips}>
        {seasons.map((s) => (
          <li key={s.id}>
            <Link to={`/seasons/${encodeURIComponent(s.id)}`} className={styles.chip}>
              <span className={styles.chipNumber}>{s.number}</span> {stripSurvivorPrefix(s.name)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** '/seasons/{seasonId}': how the community ranks a season's cast. */
export function SeasonConsensusPage() {
  const { seasonId = '' } = useParams();
  const catalog = useCatalog();
  const season = catalog.data?.seasons.find((s) => s.id === seasonId);
  const missing = catalog.isSuccess && !season;
  const title = season ? stripSurvivorPrefix(season.name) : 'Season';
  usePageTitle(pageTitle(missing ? 'Season not found' : title));
  if (missing) {
    return (
      <div className={page.page}>
        <div role="alert" className={styles.error}>
          <h1>Season not found</h1>
          <Link to="/seasons" className={page.button}>
            All seasons
          </Link>
        </div>
      </div>
    );
  }
  const face = (id: string, name: string): Face => {
    const c = season?.contestants.find((x) => x.id === id);
    return { name, imageUrl: c?.imageUrl ?? '', href: `/castaways/${encodeURIComponent(id)}` };
  };
  return (
    <div className={page.page}>
      <PageHero eyebrow={season ? `Community ranking · Season ${season.number}` : 'Community ranking'} title={title} compact>
        <p>{MESSAGES.consensusSeasonIntro}</p>
      </PageHero>
      <Body seasonId={seasonId} face={face} label={`Community ranking of ${title}`} empty={MESSAGES.consensusSeasonEmpty} />
      <p className={styles.back}>
        <Link to="/seasons">Community ranking of every season</Link>
      </p>
    </div>
  );
}

/** '/seasons': how the community ranks the seasons themselves, from season lists. */
export default function SeasonsConsensusPage() {
  usePageTitle(pageTitle('The Seasons'));
  const catalog = useCatalog();
  const seasons = catalog.data?.seasons ?? [];
  const face = (id: string, name: string): Face => {
    const s = seasons.find((x) => x.id === id);
    return { name: stripSurvivorPrefix(name), imageUrl: s?.logoUrl ?? '', href: `/seasons/${encodeURIComponent(id)}` };
  };
  return (
    <div className={page.page}>
      <PageHero eyebrow="Community ranking" title="The Seasons" compact>
        <p>{MESSAGES.consensusSeasonsIntro}</p>
      </PageHero>
      <Body seasonId={null} face={face} label="Community ranking of the seasons" empty={MESSAGES.consensusSeasonsEmpty} />
      {seasons.length > 0 && <SeasonsIndex seasons={seasons} />}
    </div>
  );
}

