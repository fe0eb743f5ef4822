import { useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useCatalog } from '../../api/catalog';
import type { CatalogContestant, Season } from '../../api/client';
import { FallbackImage } from '../../components/FallbackImage';
import { ChevronIcon, CloseIcon, IslandIcon, SearchIcon } from '../../components/icons';
import { useIsMobile } from '../../components/useMediaQuery';
import { ResizeHandle } from './ResizeHandle';
import { searchCatalog } from './search';
import { seasonNumberLabel, stripSurvivorPrefix } from './seasonDisplay';
import { PANEL_ITEM_MIME, type PanelItem } from './types';
import { useCollapsed, usePanelHeight } from './usePanelState';
import styles from './SeasonsPanel.module.css';

export interface SeasonsPanelProps {
  /**
   * Create mode (later): when given, contestants become buttons that add themselves and can be
   * dragged (text payload: JSON of the item) into list slots.
   */
  onAddItem?: (item: PanelItem) => void;
  /** Shown under the search box, e.g. the create-mode instructions. */
  instructions?: string;
}

export function contestantItem(contestant: CatalogContestant, season: Season): PanelItem {
  return {
    id: contestant.id,
    name: contestant.name,
    imageUrl: contestant.imageUrl,
    isSeason: false,
    seasonId: season.id,
    seasonName: season.name,
  };
}

function SeasonTitle({ season }: { season: Season }) {
  return (
    <>
      <span className={styles.seasonName}>{stripSurvivorPrefix(season.name)}</span>
      <span className={styles.seasonNumber}>{seasonNumberLabel(season.number)}</span>
    </>
  );
}

function SeasonCard({ season, onOpen }: { season: Season; onOpen: (s: Season) => void }) {
  const short = stripSurvivorPrefix(season.name);
  return (
    <li>
      <button type="button" className={styles.seasonCard} onClick={() => onOpen(season)} aria-label={`${short}, ${seasonNumberLabel(season.number)}`}>
        <span className={styles.logoFrame}>
          <FallbackImage src={season.logoUrl} alt="" className={styles.logo} width={160} height={160} />
        </span>
        <SeasonTitle season={season} />
      </button>
    </li>
  );
}

interface ContestantTileProps {
  contestant: CatalogContestant;
  season: Season;
  showSeason?: boolean;
  onAddItem?: (item: PanelItem) => void;
}

function ContestantTile({ contestant, season, showSeason = false, onAddItem }: ContestantTileProps) {
  const body = (
    <>
      <FallbackImage src={contestant.imageUrl} alt="" className={styles.headshot} width={96} height={96} />
      <span className={styles.contestantName}>{contestant.name}</span>
      {showSeason && (
        <span className={styles.contestantSeason}>
          {seasonNumberLabel(season.number)} · {stripSurvivorPrefix(season.name)}
        </span>
      )}
    </>
  );
  if (!onAddItem) {
    return <li className={styles.contestant}>{body}</li>;
  }
  const item = contestantItem(contestant, season);
  const onDragStart = (e: DragEvent<HTMLButtonElement>) => {
    e.dataTransfer.setData(PANEL_ITEM_MIME, JSON.stringify(item));
    e.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <li>
      <button type="button" draggable className={`${styles.contestant} ${styles.addable}`} onClick={() => onAddItem(item)} onDragStart={onDragStart} aria-label={`Add ${contestant.name}`}>
        {body}
      </button>
    </li>
  );
}

function Skeletons() {
  return (
    <div role="status" aria-live="polite" className={styles.loading}>
      <span className="visually-hidden">Loading seasons…</span>
      <ul className={styles.seasonGrid} aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className={styles.skeletonCard}>
            <span className={styles.skeletonLogo} />
            <span className={styles.skeletonLine} />
            <span className={`${styles.skeletonLine} ${styles.short}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SeasonsPanel({ onAddItem, instructions }: SeasonsPanelProps) {
  const catalog = useCatalog();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useCollapsed();
  const [mobileShown, setMobileShown] = useState(true);
  const [height, setHeight] = usePanelHeight();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const savedScroll = useRef(0);
  const restoreScroll = useRef(false);
  const bodyId = useId();
  const headingId = useId();

  const seasons = catalog.data?.seasons;
  const results = useMemo(() => searchCatalog(seasons ?? [], query), [seasons, query]);
  const selected = seasons?.find((s) => s.id === selectedId) ?? null;
  const searching = query.trim() !== '';
  const view: 'search' | 'season' | 'grid' = searching ? 'search' : selected ? 'season' : 'grid';

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    if (view === 'grid' && restoreScroll.current) {
      body.scrollTop = savedScroll.current;
      restoreScroll.current = false;
    } else if (view === 'season') {
      body.scrollTop = 0;
    }
  }, [view, selectedId]);

  function openSeason(season: Season) {
    if (view === 'grid' && bodyRef.current) savedScroll.current = bodyRef.current.scrollTop;
    setSelectedId(season.id);
    setQuery('');
  }

  function backToSeasons() {
    restoreScroll.current = true;
    setSelectedId(null);
  }

  const hidden = isMobile && !mobileShown;
  const bodyVisible = !collapsed && !hidden;
  const panelClass = [styles.panel, collapsed ? styles.collapsed : '', hidden ? styles.hidden : ''].join(' ');

  return (
    <aside className={panelClass} aria-labelledby={headingId} data-collapsed={collapsed ? 'true' : 'false'}>
      <div className={styles.bar}>
        <h2 id={headingId} className={styles.heading}>
          <IslandIcon className={styles.headingIcon} />
          <span className={styles.headingText}>Seasons</span>
        </h2>
        {isMobile && (
          <button type="button" className={styles.toggle} aria-expanded={mobileShown} aria-controls={bodyId} onClick={() => setMobileShown((v) => !v)}>
            {mobileShown ? 'Hide seasons' : 'Show seasons'}
          </button>
        )}
        {!hidden && (
          <button
            type="button"
            className={styles.collapseButton}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            aria-label={collapsed ? 'Expand seasons panel' : 'Collapse seasons panel'}
            title={collapsed ? 'Expand seasons panel' : 'Collapse seasons panel'}
            onClick={() => setCollapsed(!collapsed)}
          >
            <ChevronIcon direction={isMobile ? (collapsed ? 'down' : 'up') : collapsed ? 'right' : 'left'} />
          </button>
        )}
      </div>

      <div id={bodyId} className={styles.content} hidden={!bodyVisible} style={isMobile && bodyVisible ? { height } : undefined}>
        <div className={styles.searchRow}>
          <SearchIcon className={styles.searchIcon} />
          <input
            ref={searchRef}
            type="search"
            className={styles.search}
            placeholder="Search seasons or contestants..."
            aria-label="Search seasons or contestants"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query !== '') {
                e.preventDefault();
                setQuery('');
              }
            }}
          />
          {query !== '' && (
            <button
              type="button"
              className={styles.clear}
              aria-label="Clear search"
              onClick={() => {
                setQuery('');
                searchRef.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        {instructions && <p className={styles.instructions}>{instructions}</p>}

        <div ref={bodyRef} className={styles.body}>
          {catalog.isPending ? (
            <Skeletons />
          ) : catalog.isError ? (
            <div role="alert" className={styles.error}>
              <p>Failed to load seasons. The torch went out for a moment.</p>
              <button type="button" className={styles.primary} onClick={() => void catalog.refetch()}>
                Retry
              </button>
            </div>
          ) : view === 'search' ? (
            <section aria-labelledby={`${headingId}-results`}>
              <h3 id={`${headingId}-results`} className={styles.viewTitle}>
                Search Results
              </h3>
              {results.seasons.length === 0 && results.contestants.length === 0 ? (
                <p className={styles.empty}>No seasons or contestants match “{query.trim()}”.</p>
              ) : (
                <>
                  {results.seasons.length > 0 && (
                    <>
                      <h4 className={styles.subTitle}>Seasons ({results.seasons.length})</h4>
                      <ul className={styles.seasonGrid}>
                        {results.seasons.map((s) => (
                          <SeasonCard key={s.id} season={s} onOpen={openSeason} />
                        ))}
                      </ul>
                    </>
                  )}
                  {results.contestants.length > 0 && (
                    <>
                      <h4 className={styles.subTitle}>Contestants ({results.contestants.length})</h4>
                      <ul className={styles.contestantGrid} aria-label="Matching contestants">
                        {results.contestants.map(({ contestant, season }) => (
                          <ContestantTile key={`${season.id}/${contestant.id}`} contestant={contestant} season={season} showSeason onAddItem={onAddItem} />
                        ))}
                      </ul>
                    </>
                  )}
                </>
              )}
            </section>
          ) : view === 'season' && selected ? (
            <section aria-labelledby={`${headingId}-season`}>
              <button type="button" className={styles.back} onClick={backToSeasons}>
                <ChevronIcon direction="left" /> Back to Seasons
              </button>
              <div className={styles.seasonHeader}>
                <FallbackImage src={selected.logoUrl} alt="" className={styles.seasonHeaderLogo} width={72} height={72} />
                <h3 id={`${headingId}-season`} className={styles.seasonHeaderTitle}>
                  <SeasonTitle season={selected} />
                </h3>
              </div>
              {selected.contestants.length === 0 ? (
                <p className={styles.empty}>No castaways listed for this season yet.</p>
              ) : (
                <ul className={styles.contestantGrid} aria-label={`Contestants of ${stripSurvivorPrefix(selected.name)}`}>
                  {selected.contestants.map((c) => (
                    <ContestantTile key={c.id} contestant={c} season={selected} onAddItem={onAddItem} />
                  ))}
                </ul>
              )}
            </section>
          ) : (
            <ul className={styles.seasonGrid} aria-label="All seasons">
              {(seasons ?? []).map((s) => (
                <SeasonCard key={s.id} season={s} onOpen={openSeason} />
              ))}
            </ul>
          )}
        </div>
      </div>
      {isMobile && bodyVisible && <ResizeHandle height={height} onResize={setHeight} controls={bodyId} />}
    </aside>
  );
}

export default SeasonsPanel;
