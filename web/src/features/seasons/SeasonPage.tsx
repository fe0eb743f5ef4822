import { useId, useState } from 'react';
import { MESSAGES } from '../../api/contract';
import { Link, useParams } from 'react-router';
import { useCatalogFinding } from '../../api/catalog';
import { PageHero } from '../../components/PageHero';
import { PageRestLoading } from '../../components/EmptyState';
import { FRANCHISES, stripSurvivorPrefix } from '../../lib/seasonDisplay';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { ConsensusRanking, type Face } from './consensus/ConsensusRanking';
import { SeasonGame, usePrefetchSeasonGame } from './game/SeasonGame';
import { Predictions } from './predictions/Predictions';
import type { OrderToolsPart } from '../../lib/orderTools';
import { HiddenItem } from '../../components/watching/HiddenItem';
import { useWatching } from '../../lib/watching';
import page from '../../components/Page.module.css';
import styles from './consensus/ConsensusPage.module.css';

/** What the app hands in from other features: the lists' ordering tools, for a prediction. */
export interface SeasonParts {
  OrderTools: OrderToolsPart;
}

/** '/seasons/{seasonId}': what happened in a season, then how the community ranks its cast. */
export default function SeasonPage({ OrderTools }: SeasonParts) {
  const { seasonId = '' } = useParams();
  const { catalog, missing } = useCatalogFinding((c) => c.seasons.some((s) => s.id === seasonId));
  const communityId = useId();
  const watching = useWatching();
  const [showRanking, setShowRanking] = useState(false);
  // The community's order of a cast tells who went far: covered until the fan asks.
  const covered = watching.progress[seasonId] !== undefined && !showRanking;
  const season = catalog.data?.seasons.find((s) => s.id === seasonId);
  const title = season ? stripSurvivorPrefix(season.name) : 'Season';
  usePageTitle(pageTitle(missing ? 'Season not found' : title));
  usePrefetchSeasonGame(seasonId, catalog.isPending);
  if (catalog.isPending) {
    // The banner waits for the season's name, and the page below it with it: a name on two
    // lines would push down whatever had been drawn under a placeholder.
    return (
      <div className={page.page}>
        <PageHero title={<span className="visually-hidden">Season</span>} compact />
        <PageRestLoading message={MESSAGES.onAirSeasonLoading} />
      </div>
    );
  }
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
  const franchise = season && season.franchise !== 'US' ? `${FRANCHISES.find((f) => f.id === season.franchise)?.name} · ` : '';
  const face = (id: string, name: string): Face => {
    const c = season?.contestants.find((x) => x.id === id);
    return { name, imageUrl: c?.imageUrl ?? '', href: `/castaways/${encodeURIComponent(id)}` };
  };
  return (
    <div className={page.page}>
      <PageHero eyebrow={season ? `${franchise}Season ${season.number}` : 'Season'} title={title} compact />
      <SeasonGame seasonId={seasonId} season={season} />
      <Predictions seasonId={seasonId} OrderTools={OrderTools} />
      <section className={page.section} aria-labelledby={communityId}>
        <h2 id={communityId} className={page.sectionTitle}>
          Community ranking
        </h2>
        <p className={styles.lede}>{MESSAGES.consensusSeasonIntro}</p>
        {covered ? (
          <HiddenItem what="the community ranking" message={MESSAGES.watchingListNotice} onReveal={() => setShowRanking(true)} />
        ) : (
          <ConsensusRanking seasonId={seasonId} face={face} label={`Community ranking of ${title}`} empty={MESSAGES.consensusSeasonEmpty} />
        )}
      </section>
      <p className={styles.back}>
        <Link to="/seasons">Community ranking of every season</Link>
      </p>
    </div>
  );
}
