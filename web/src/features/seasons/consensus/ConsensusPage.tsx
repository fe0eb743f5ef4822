import { Link } from 'react-router';
import { useCatalog } from '../../../api/catalog';
import type { Season } from '../../../api/client';
import { PageHero } from '../../../components/PageHero';
import { FRANCHISES, shortSeasonName, stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import { pageTitle, usePageTitle } from '../../../lib/pageTitle';
import { ConsensusRanking, type Face } from './ConsensusRanking';
import { useConsensus } from './consensusApi';
import page from '../../../components/Page.module.css';
import styles from './ConsensusPage.module.css';
import { MESSAGES } from '../../../api/contract';

/** Every season's page, each franchise's seasons under its name. */
function SeasonsIndex({ seasons }: { seasons: Season[] }) {
  return (
    <nav className={styles.index} aria-label="Each season's community ranking">
      <h2 className={page.sectionTitle}>Each season's cast</h2>
      {FRANCHISES.map((f) => {
        const group = seasons.filter((s) => s.franchise === f.id);
        if (group.length === 0) return null;
        return (
          <div key={f.id}>
            <h3 className={styles.franchise}>{f.name}</h3>
            <ul className={styles.chips}>
              {group.map((s) => (
                <li key={s.id}>
                  <Link to={`/seasons/${encodeURIComponent(s.id)}`} className={styles.chip}>
                    <span className={styles.chipNumber}>{s.number}</span> {shortSeasonName(s.name)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** '/seasons': how the community ranks the seasons themselves, from season lists. */
export default function SeasonsConsensusPage() {
  usePageTitle(pageTitle('The Seasons'));
  const catalog = useCatalog();
  const seasons = catalog.data?.seasons ?? [];
  // The index comes under the ranking once it has come: drawn before, it would move.
  const ranking = useConsensus(null);
  const face = (id: string, name: string): Face => {
    const s = seasons.find((x) => x.id === id);
    return { name: stripSurvivorPrefix(name), imageUrl: s?.logoUrl ?? '', href: `/seasons/${encodeURIComponent(id)}` };
  };
  return (
    <div className={page.page}>
      <PageHero eyebrow="Community ranking" title="The Seasons" compact>
        <p>{MESSAGES.consensusSeasonsIntro}</p>
      </PageHero>
      <ConsensusRanking seasonId={null} face={face} label="Community ranking of the seasons" empty={MESSAGES.consensusSeasonsEmpty} />
      {seasons.length > 0 && !ranking.isPending && <SeasonsIndex seasons={seasons} />}
    </div>
  );
}

