import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type DragEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCatalog } from '../../api/catalog';
import { api, type CatalogContestant, type Season } from '../../api/client';
import { FallbackImage } from '../../components/FallbackImage';
import { ChevronIcon, CloseIcon, IslandIcon, SearchIcon } from '../../components/icons';
import { useIsMobile } from '../../components/useMediaQuery';
import { meQueryKey, useMe, type Me } from '../auth/useMe';
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
  /**
   * Create mode: how an addable contestant is rendered. Defaults to a native draggable button;
   * the creator passes a dnd-kit draggable so the panel itself never loads dnd-kit.
   */
  tile?: ComponentType<AddableTileProps>;
  /** Create mode on a phone: the panel is a bottom sheet, open or closed by the page. */
  sheet?: { open: boolean; onClose: () => void };
}

/** What a create-mode contestant tile gets: its item, and the click that adds it. */
export interface AddableTileProps {
  item: PanelItem;
  label: string;
  className: string;
  onAdd: () => void;
  children: ReactNode;
}

/** The default create-mode tile: a button that adds on click and drags a text payload natively. */
function NativeTile({ item, label, className, onAdd, children }: AddableTileProps) {
  const onDragStart = (e: DragEvent<HTMLButtonElement>) => {
    e.dataTransfer.setData(PANEL_ITEM_MIME, JSON.stringify(item));
    e.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <button type="button" draggable className={className} onClick={onAdd} onDragStart={onDragStart} aria-label={label}>
      {children}
    </button>
  );
}

export function seasonItem(season: Season): PanelItem {
  return {
    id: season.id,
    name: season.name,
    imageUrl: season.logoUrl,
    isSeason: true,
    seasonId: season.id,
    seasonName: season.name,
  };
}

/** Marker on <body> while the create-mode bottom sheet is open (scroll lock, styling hooks). */
export const CREATE_PAGE_MARKER = 'createPage';
export const IDOL_NOTICE_MS = 3000;

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
      <span className={styles.seasonName}>{stripSurvivorPrefix(season.name)}</span>{' '}
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
  tile?: ComponentType<AddableTileProps>;
}

function ContestantTile({ contestant, season, showSeason = false, onAddItem, tile: Tile = NativeTile }: ContestantTileProps) {
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
  return (
    <li>
      <Tile item={item} label={`Add ${contestant.name}`} className={`${styles.contestant} ${styles.addable}`} onAdd={() => onAddItem(item)}>
        {body}
      </Tile>
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

/** Signed in, a season card click searches for a hidden immunity idol (a 5% chance, decided by the server). */
function useIdolSearch() {
  const { isSignedIn } = useMe();
  const queryClient = useQueryClient();
  const [found, setFound] = useState(false);
  useEffect(() => {
    if (!found) return;
    const t = window.setTimeout(() => setFound(false), IDOL_NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [found]);
  function search(seasonId: string) {
    if (!isSignedIn) return;
    api
      .POST('/api/me/idols/search', { body: { seasonId } })
      .then(({ data }) => {
        if (!data?.found) return;
        setFound(true);
        queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, idolsFound: data.idolsFound } : me));
      })
      .catch((err: unknown) => console.warn('idol search failed', err));
  }
  return { found, search };
}

export function SeasonsPanel({ onAddItem, instructions, tile, sheet }: SeasonsPanelProps) {
  const catalog = useCatalog();
  const isMobile = useIsMobile();
  const idol = useIdolSearch();
  const isSheet = isMobile && sheet !== undefined;
  const sheetOpen = isSheet && sheet.open;
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseSheet = useRef<(() => void) | undefined>(undefined);
  onCloseSheet.current = sheet?.onClose;
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

  useEffect(() => {
    if (!sheetOpen) return;
    document.body.dataset[CREATE_PAGE_MARKER] = 'true';
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseSheet.current?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      delete document.body.dataset[CREATE_PAGE_MARKER];
      document.removeEventListener('keydown', onKey);
    };
  }, [sheetOpen]);

  function openSeason(season: Season) {
    idol.search(season.id);
    if (view === 'grid' && bodyRef.current) savedScroll.current = bodyRef.current.scrollTop;
    setSelectedId(season.id);
    setQuery('');
  }

  function backToSeasons() {
    restoreScroll.current = true;
    setSelectedId(null);
  }

  const hidden = isMobile && !mobileShown && !isSheet;
  const bodyVisible = isSheet || (!collapsed && !hidden);
  const panelClass = isSheet
    ? [styles.panel, styles.sheet, sheetOpen ? styles.sheetOpen : ''].join(' ')
    : [styles.panel, collapsed ? styles.collapsed : '', hidden ? styles.hidden : ''].join(' ');

  return (
    <>
    {isSheet && <div className={`${styles.backdrop} ${sheetOpen ? styles.backdropShown : ''}`} aria-hidden="true" onClick={sheet.onClose} />}
    <aside
      className={panelClass}
      aria-labelledby={headingId}
      data-collapsed={collapsed ? 'true' : 'false'}
      data-sheet={isSheet ? (sheetOpen ? 'open' : 'closed') : undefined}
      inert={isSheet && !sheetOpen ? true : undefined}
    >
      {idol.found && (
        <div className={styles.idolNotice} role="status">
          You found a Hidden Immunity Idol!
        </div>
      )}
      <div className={styles.bar}>
        <h2 id={headingId} className={styles.heading}>
          <IslandIcon className={styles.headingIcon} />
          <span className={styles.headingText}>Seasons</span>
        </h2>
        {isSheet && (
          <button ref={closeRef} type="button" className={styles.toggle} onClick={sheet.onClose}>
            Done
          </button>
        )}
        {isMobile && !isSheet && (
          <button type="button" className={styles.toggle} aria-expanded={mobileShown} aria-controls={bodyId} onClick={() => setMobileShown((v) => !v)}>
            {mobileShown ? 'Hide seasons' : 'Show seasons'}
          </button>
        )}
        {!hidden && !isSheet && (
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

      <div id={bodyId} className={styles.content} hidden={!bodyVisible} style={isMobile && bodyVisible && !isSheet ? { height } : undefined}>
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
                          <ContestantTile key={`${season.id}/${contestant.id}`} contestant={contestant} season={season} showSeason onAddItem={onAddItem} tile={tile} />
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
                {onAddItem ? (
                  <button
                    type="button"
                    className={styles.seasonLogoButton}
                    onClick={() => onAddItem(seasonItem(selected))}
                    aria-label={`Add the season ${stripSurvivorPrefix(selected.name)} to the list`}
                    title="Tap to add the season to the list"
                  >
                    <FallbackImage src={selected.logoUrl} alt="" className={styles.seasonHeaderLogo} width={72} height={72} />
                  </button>
                ) : (
                  <FallbackImage src={selected.logoUrl} alt="" className={styles.seasonHeaderLogo} width={72} height={72} />
                )}
                <h3 id={`${headingId}-season`} className={styles.seasonHeaderTitle}>
                  <SeasonTitle season={selected} />
                </h3>
              </div>
              {onAddItem &&
                (isMobile ? (
                  <p className={styles.seasonHint}>Tap to add the season to the list</p>
                ) : (
                  <button type="button" className={styles.addSeason} onClick={() => onAddItem(seasonItem(selected))}>
                    <span aria-hidden="true">+</span> Add season
                  </button>
                ))}
              {selected.contestants.length === 0 ? (
                <p className={styles.empty}>No castaways listed for this season yet.</p>
              ) : (
                <ul className={styles.contestantGrid} aria-label={`Contestants of ${stripSurvivorPrefix(selected.name)}`}>
                  {selected.contestants.map((c) => (
                    <ContestantTile key={c.id} contestant={c} season={selected} onAddItem={onAddItem} tile={tile} />
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
      {isMobile && bodyVisible && !isSheet && <ResizeHandle height={height} onResize={setHeight} controls={bodyId} />}
    </aside>
    </>
  );
}

export default SeasonsPanel;
