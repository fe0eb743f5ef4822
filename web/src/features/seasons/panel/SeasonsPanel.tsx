import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useCatalog } from '../../../api/catalog';
import type { Season } from '../../../api/client';
import { ChevronIcon, IslandIcon } from '../../../components/icons';
import { SearchField } from '../../../components/SearchField';
import { useIsMobile } from '../../../components/useMediaQuery';
import { searchCatalog } from '../search';
import { ResizeHandle } from './ResizeHandle';
import { SearchResults } from './SearchResults';
import { SeasonGrid, SeasonGridSkeleton } from './SeasonGrid';
import { SeasonView } from './SeasonView';
import type { Addable } from './tiles';
import { useCollapsed, usePanelHeight } from './usePanelState';
import { useIdolSearch } from './useIdolSearch';
import { useSheet } from './useSheet';
import styles from './SeasonsPanel.module.css';

export type { Addable, AddableTileProps } from './tiles';

export interface SeasonsPanelProps {
  /** Create mode: contestants and seasons can be added to the list being built. */
  addable?: Addable;
  /** Shown under the search box, e.g. the create-mode instructions. */
  instructions?: string;
  /** Create mode on a phone: the panel is a bottom sheet, open or closed by the page. */
  sheet?: { open: boolean; onClose: () => void };
}

/** The seasons panel: every season, a search over seasons and casts, and one season's cast. */
export function SeasonsPanel({ addable, instructions, sheet }: SeasonsPanelProps) {
  const catalog = useCatalog();
  const isMobile = useIsMobile();
  const idol = useIdolSearch();
  const isSheet = isMobile && sheet !== undefined;
  const sheetOpen = isSheet && sheet.open;
  const closeRef = useRef<HTMLButtonElement>(null);
  useSheet(sheetOpen, sheet?.onClose, closeRef);
  const [collapsed, setCollapsed] = useCollapsed();
  const [mobileShown, setMobileShown] = useState(true);
  const { height, setHeight, max: maxHeight } = usePanelHeight();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const savedScroll = useRef(0);
  const restoreScroll = useRef(false);
  const bodyId = useId();
  const headingId = useId();

  const seasons = catalog.data?.seasons;
  const results = useMemo(() => searchCatalog(seasons ?? [], query), [seasons, query]);
  const selected = seasons?.find((s) => s.id === selectedId) ?? null;
  const view: 'search' | 'season' | 'grid' = query.trim() !== '' ? 'search' : selected ? 'season' : 'grid';

  // Back from a season lands where the grid was scrolled to; a season opens at its top.
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

  let body;
  if (catalog.isPending) body = <SeasonGridSkeleton />;
  else if (catalog.isError)
    body = (
      <div role="alert" className={styles.error}>
        <p>Failed to load seasons. The torch went out for a moment.</p>
        <button type="button" className={styles.primary} onClick={() => void catalog.refetch()}>
          Retry
        </button>
      </div>
    );
  else if (view === 'search') body = <SearchResults headingId={`${headingId}-results`} query={query} results={results} onOpen={openSeason} addable={addable} />;
  else if (view === 'season' && selected)
    body = <SeasonView headingId={`${headingId}-season`} season={selected} isMobile={isMobile} onBack={backToSeasons} addable={addable} />;
  else body = <SeasonGrid seasons={seasons ?? []} onOpen={openSeason} />;

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
          <SearchField className={styles.searchRow} label="Search seasons or contestants" placeholder="Search seasons or contestants..." value={query} onChange={setQuery} />
          {instructions && <p className={styles.instructions}>{instructions}</p>}
          <div ref={bodyRef} className={styles.body}>
            {body}
          </div>
        </div>
        {isMobile && bodyVisible && !isSheet && <ResizeHandle height={height} max={maxHeight} onResize={setHeight} controls={bodyId} />}
      </aside>
    </>
  );
}
