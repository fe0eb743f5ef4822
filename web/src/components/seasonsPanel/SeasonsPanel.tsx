import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useCatalog } from '../../api/catalog';
import type { Season } from '../../api/client';
import { ChevronIcon, IslandIcon } from '../icons';
import { SearchField } from '../SearchField';
import { useIsMobile } from '../useMediaQuery';
import { searchCatalog } from '../../lib/catalogSearch';
import { ResizeHandle } from './ResizeHandle';
import { SearchResults } from './SearchResults';
import { SeasonGrid, SeasonGridSkeleton } from './SeasonGrid';
import { SeasonView } from './SeasonView';
import type { Addable } from './tiles';
import { IdolOverlay } from './IdolOverlay';
import { useCollapsed, useFranchise, usePanelHeight, usePhoneShown } from './usePanelState';
import { FranchiseSwitch } from './FranchiseSwitch';
import { useIdolSearch } from './useIdolSearch';
import { useSheet } from './useSheet';
import { LoadFailed } from '../Failure';
import styles from './SeasonsPanel.module.css';
import { MESSAGES } from '../../api/contract';

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
  const [mobileShown, setMobileShown] = usePhoneShown();
  const [franchise, setFranchise] = useFranchise();
  const { height, setHeight, max: maxHeight } = usePanelHeight();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Where the opened season's card sat in the grid's viewport, to put it back there.
  const anchor = useRef<{ seasonId: string; top: number } | null>(null);
  const bodyId = useId();
  const headingId = useId();

  const seasons = catalog.data?.seasons;
  const results = useMemo(() => searchCatalog(seasons ?? [], query), [seasons, query]);
  const shown = useMemo(() => (seasons ?? []).filter((s) => s.franchise === franchise), [seasons, franchise]);
  const selected = seasons?.find((s) => s.id === selectedId) ?? null;
  const view: 'search' | 'season' | 'grid' = query.trim() !== '' ? 'search' : selected ? 'season' : 'grid';

  // Back from a season puts its card where it was on screen, measured once the grid is laid
  // out (cards have a fixed size, so nothing above it moves later), and gives the card focus;
  // a season opens at its top.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    if (view === 'season') {
      body.scrollTop = 0;
      return;
    }
    const at = anchor.current;
    if (view !== 'grid' || !at) return;
    anchor.current = null;
    const card = seasonCardOf(body, at.seasonId);
    if (!card) return;
    body.scrollTop += offsetIn(body, card) - at.top;
    card.querySelector('button')?.focus({ preventScroll: true });
  }, [view, selectedId]);

  function openSeason(season: Season) {
    idol.search(season.id);
    const body = bodyRef.current;
    const card = view === 'grid' && body ? seasonCardOf(body, season.id) : null;
    anchor.current = body && card ? { seasonId: season.id, top: offsetIn(body, card) } : null;
    setSelectedId(season.id);
    setQuery('');
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
      <LoadFailed message={MESSAGES.seasonsPanelFailed} onRetry={() => void catalog.refetch()} className={styles.error} retryLabel="Retry" buttonClassName={styles.primary} />
    );
  else if (view === 'search') body = <SearchResults headingId={`${headingId}-results`} query={query} results={results} onOpen={openSeason} addable={addable} />;
  else if (view === 'season' && selected)
    body = <SeasonView headingId={`${headingId}-season`} season={selected} isMobile={isMobile} onBack={() => setSelectedId(null)} addable={addable} />;
  else body = <SeasonGrid seasons={shown} onOpen={openSeason} />;

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
        <IdolOverlay found={idol.found} />
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
            <button type="button" className={styles.toggle} aria-expanded={mobileShown} aria-controls={bodyId} onClick={() => setMobileShown(!mobileShown)}>
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

        {/* Hidden (a phone's panel until the fan shows it), its content is not rendered at all: the page starts without it. */}
        <div id={bodyId} className={styles.content} hidden={!bodyVisible} style={isMobile && bodyVisible && !isSheet ? { height } : undefined}>
          {bodyVisible && (
            <>
              <SearchField className={styles.searchRow} label="Search seasons or contestants" placeholder={MESSAGES.seasonsSearchPlaceholder} value={query} onChange={setQuery} />
              {instructions && <p className={styles.instructions}>{instructions}</p>}
              {/* There while the seasons load too, so the grid does not move down when they come. */}
              {view === 'grid' && !catalog.isError && <FranchiseSwitch value={franchise} onChange={setFranchise} />}
              <div ref={bodyRef} className={styles.body}>
                {body}
              </div>
            </>
          )}
        </div>
        {isMobile && bodyVisible && !isSheet && <ResizeHandle height={height} max={maxHeight} onResize={setHeight} controls={bodyId} />}
      </aside>
    </>
  );
}

function seasonCardOf(body: HTMLElement, seasonId: string): HTMLElement | null {
  return Array.from(body.querySelectorAll<HTMLElement>('li[data-season-id]')).find((li) => li.dataset.seasonId === seasonId) ?? null;
}

/** The card's top relative to the scrolled body's top edge, i.e. where it is on screen within the panel. */
function offsetIn(body: HTMLElement, card: HTMLElement): number {
  return card.getBoundingClientRect().top - body.getBoundingClientRect().top;
}
