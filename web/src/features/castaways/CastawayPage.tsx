import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { userMessage } from '../../api/userMessage';
import { ErrorLine, LoadFailed } from '../../components/Failure';
import { FallbackImage } from '../../components/FallbackImage';
import { GameCredit } from '../../components/GameCredit';
import { Later } from '../../components/Later';
import { useShownCount } from '../../lib/later';
import { ListCardGrid, type ListSummary } from '../../components/ListCard';
import { PageHero } from '../../components/PageHero';
import { PageRestLoading } from '../../components/EmptyState';
import { seasonNumberLabel, shortSeasonName } from '../../lib/seasonDisplay';
import { castawayPageTitle, pageTitle, usePageTitle } from '../../lib/pageTitle';
import { CASTAWAY_ERROR, useCastaway, type Castaway, type CastawayPlace } from './castawayApi';
import { GAME_ERROR, isNoGame, useCastawayGame } from './game/castawayGameApi';
import { GameTotals } from './game/GameTotals';
import { SeasonGameStats } from './game/SeasonGameStats';
import gameStyles from './game/CastawayGame.module.css';
import page from '../../components/Page.module.css';
import styles from './CastawayPage.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';
import { Sentence } from '../../components/Sentence';
import { HiddenItem } from '../../components/watching/HiddenItem';
import { useWatching } from '../../lib/watching';
import { useCatalog } from '../../api/catalog';
import { shieldedSeasons } from './game/shieldedSeasons';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** '#3 of 18', or that no public list ranks them there yet. */
function placeText(p: CastawayPlace): string {
  return p.place === undefined ? 'Not ranked yet' : `#${p.place} of ${p.ranked.toLocaleString()}`;
}

function Stats({ c }: { c: Castaway }) {
  return (
    <dl className={styles.stats}>
      <div className={styles.stat}>
        <dt>All-time community rank</dt>
        <dd>
          {placeText(c.allTime)}
          {c.allTime.score !== undefined && <span className={styles.score}>score {c.allTime.score.toFixed(1)}</span>}
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>Public lists ranking them</dt>
        <dd>{c.listCount.toLocaleString()}</dd>
      </div>
    </dl>
  );
}

type Shielded = ReturnType<typeof shieldedSeasons>;

/**
 * Each season they played: its community place and, beside it, their real game there. The
 * spoiler shield cuts a season the fan has not finished and withholds the ones after it.
 */
function Seasons({ c, game, shield, onReveal }: { c: Castaway; game: ReturnType<typeof useCastawayGame>; shield: Shielded; onReveal: (what: string) => void }) {
  const played = new Map(game.data?.seasons.map((g) => [g.season, g]));
  const seasons = c.seasons.filter((s) => shield.shown.includes(s.id));
  // As the app starts, the first two at once and the rest one a slice (lib/later).
  const shown = useShownCount(seasons.length, 2, 1);
  return (
    <section className={page.section} aria-labelledby="seasons-heading">
      <h2 id="seasons-heading" className={page.sectionTitle}>
        {seasons.length === 1 ? 'Their season' : `Their ${seasons.length} seasons`}
      </h2>
      {game.isPending && (
        <p role="status" className="visually-hidden">{MESSAGES.gameLoadingTheirs}</p>
      )}
      {game.isError && !isNoGame(game.error) && (
        <LoadFailed message={userMessage(game.error, GAME_ERROR)} onRetry={() => void game.refetch()} className={gameStyles.error} retryLabel="Retry" inline />
      )}
      {/* Laid out for the game while it comes too, so its seasons do not move when it does. */}
      <ul className={`${styles.seasons} ${game.data || game.isPending ? styles.withGame : ''}`}>
        {seasons.slice(0, shown).map((s) => {
          const g = played.get(s.id);
          const cut = shield.cut.has(s.id) && (!g || g.place === 0);
          const name = shortSeasonName(s.name);
          return (
            <li key={s.id} className={styles.season}>
              <div className={styles.seasonHead}>
                <FallbackImage src={s.imageUrl} alt="" width={64} height={64} className={styles.seasonFace} />
                <span className={styles.seasonBody}>
                  <Link to={`/seasons/${encodeURIComponent(s.id)}`} className={styles.seasonName}>
                    <span className={styles.seasonNumber}>{seasonNumberLabel(s)}</span> {name}
                  </Link>
                  <span className={styles.seasonPlace}>
                    {s.community.place === undefined ? 'Not in its community ranking yet' : `${placeText(s.community)} in its community ranking`}
                  </span>
                </span>
              </div>
              {game.isPending && <span className={gameStyles.skeleton} aria-hidden="true" />}
              {cut && <HiddenItem what={`their game in ${name}`} message={MESSAGES.watchingStillIn} onReveal={() => onReveal(s.id)} />}
              {g && !cut && <SeasonGameStats game={g} community={s.community} castSize={g.castSize} seasonName={name} />}
            </li>
          );
        })}
      </ul>
      {shield.withheld > 0 && (
        <HiddenItem what="their later seasons" message={formatMessage(MESSAGES.watchingWithheld, { count: shield.withheld })} onReveal={() => onReveal('all')} />
      )}
      {game.data && <GameCredit />}
    </section>
  );
}

function Lists({ c, pages }: { c: Castaway; pages: ReturnType<typeof useCastaway> }) {
  const ranked = pages.data?.pages.flatMap((p) => p.lists) ?? [];
  const place = new Map(ranked.map((r) => [`${r.list.userId}/${r.list.id}`, r.position]));
  const badgeOf = (l: ListSummary) => {
    const p = place.get(`${l.userId}/${l.id}`);
    return p === undefined ? undefined : `#${p} in this list`;
  };
  return (
    <section className={page.section} aria-labelledby="lists-heading">
      <h2 id="lists-heading" className={page.sectionTitle}>
        Lists that rank {c.name} highest
      </h2>
      {ranked.length === 0 ? (
        <div className={styles.empty}>
          <p>{formatMessage(MESSAGES.castawayNoLists, { name: c.name })}</p>
          <Link to="/create" className={page.button}>
            Create a ranking
          </Link>
        </div>
      ) : (
        <ListCardGrid lists={ranked.map((r) => r.list)} from="other" label={`Lists ranking ${c.name}`} badgeOf={badgeOf} />
      )}
      {pages.hasNextPage && (
        <button type="button" className={`${page.buttonGhost} ${styles.more}`} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Show more lists'}
        </button>
      )}
      <ErrorLine request={{ isError: pages.isFetchNextPageError, error: pages.error }} fallback={CASTAWAY_ERROR} className={styles.error} />
    </section>
  );
}

/** A visitor's progress ('s20:3,s40:0') in the seasons whose cast has the castaway. */
function progressIn(seasons: readonly { id: string; contestants: readonly { id: string }[] }[], contestantId: string, progress: Readonly<Record<string, number>>): string {
  return seasons
    .filter((s) => progress[s.id] !== undefined && s.contestants.some((c) => c.id === contestantId))
    .map((s) => `${s.id}:${progress[s.id]}`)
    .join(',');
}

/** '/castaways/{contestantId}': a castaway, their seasons, where the community ranks them, and the lists ranking them highest. */
export default function CastawayPage() {
  const { contestantId = '' } = useParams();
  const watching = useWatching();
  const [revealed, setRevealed] = useState<string[]>([]);
  // A visitor sends their progress in the seasons this castaway played (the catalog's casts
  // say which; the server reads a fan's own), so that what the shield withholds is not in
  // the answers at all.
  const catalog = useCatalog();
  const visitorProgress = !watching.signedIn && Object.keys(watching.progress).length > 0;
  const pairs = visitorProgress ? progressIn(catalog.data?.seasons ?? [], contestantId, watching.progress) : '';
  const shieldArgs = { watching: pairs, reveal: revealed.join(','), enabled: !watching.pending && (!visitorProgress || catalog.isFetched) };
  const query = useCastaway(contestantId, shieldArgs);
  const c = query.data?.pages[0];
  const seasonIds = c?.seasons.map((s) => s.id) ?? [];
  const game = useCastawayGame(contestantId, shieldArgs);
  const shield = shieldedSeasons(seasonIds, watching.progress, game.data, revealed.includes('all'));
  const reveal = (what: string) => setRevealed(what === 'all' ? ['all'] : [...revealed, what]);
  usePageTitle(c ? castawayPageTitle(c.name) : pageTitle());
  if (query.isPending) {
    return (
      <div className={page.page}>
        <PageHero title={<span className="visually-hidden">Castaway</span>} compact />
        <PageRestLoading message={MESSAGES.castawayLoading} />
      </div>
    );
  }
  if (!c) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className={page.page}>
        <div role="alert" className={styles.error}>
          {missing ? <h1>{userMessage(query.error, CASTAWAY_ERROR)}</h1> : <p>{userMessage(query.error, CASTAWAY_ERROR)}</p>}
          {missing ? (
            <Link to="/seasons" className={page.button}>
              Community rankings
            </Link>
          ) : (
            <button type="button" className={page.button} onClick={() => void query.refetch()}>
              Retry
            </button>
          )}
        </div>
      </div>
    );
  }
  // A US season by its number alone, another franchise's with it: 'Seasons 13, 16, AU 11'.
  const shown = c.seasons.filter((s) => shield.shown.includes(s.id));
  const seasons = shown.map((s) => seasonNumberLabel(s).replace(/^Season /, '')).join(', ');
  // The headshot of a season shown: a later one's would tell they were back.
  const face = shown.length < c.seasons.length ? (shown[shown.length - 1]?.imageUrl ?? c.imageUrl) : c.imageUrl;
  return (
    <div className={page.page}>
      <PageHero eyebrow={`Castaway · ${shown.length === 1 ? 'Season' : 'Seasons'} ${seasons}`} title={c.name} compact />
      <div className={styles.intro}>
        <FallbackImage src={face} alt={c.name} width={160} height={160} className={styles.face} />
        <Stats c={c} />
      </div>
      <Seasons c={c} game={game} shield={shield} onReveal={reveal} />
      <Later>
        {game.data && game.data.seasons.length > 1 && <GameTotals person={game.data} />}
        <Lists c={c} pages={query} />
      </Later>
      <p className={styles.note}>
        <Sentence
          message={MESSAGES.castawayScoring}
          values={{ lists: plural(c.listCount, 'public list', 'public lists'), consensus: <Link to="/seasons">season's community ranking</Link> }}
        />
      </p>
    </div>
  );
}
