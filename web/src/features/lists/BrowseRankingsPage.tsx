import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { userMessage } from '../../api/userMessage';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { SearchField } from '../../components/SearchField';
import { ListCardGrid } from '../../components/ListCard';
import { TAG_LABELS, USER_TAGS, type UserTag } from '../../lib/tags';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { FORMATS, FRANCHISES, hasActiveFilters, RANKING_TYPES, readFilters, SORTS, writeFilters, type BrowseFilters } from './browseParams';
import pageStyles from '../../components/Page.module.css';
import styles from './BrowseRankingsPage.module.css';
import select from '../../components/Select.module.css';
import { MESSAGES } from '../../api/contract';
import { LoadFailed } from '../../components/Failure';

export const BROWSE_ERROR = MESSAGES.browseFailed;
export const SEARCH_DEBOUNCE_MS = 300;

function fetchBrowse(f: BrowseFilters, signal?: AbortSignal) {
  const q = f.q.trim();
  const query = { ...(q !== '' ? { q } : {}), type: f.type, ...(f.format !== 'all' ? { format: f.format } : {}), ...(f.franchise !== 'all' ? { franchise: f.franchise } : {}), sort: f.sort, ...(f.tags.length > 0 ? { tag: f.tags } : {}), page: f.page, ...(f.cursor ? { cursor: f.cursor } : {}) };
  return request(() => api.GET('/api/lists', { params: { query }, signal }), BROWSE_ERROR);
}

/** One labelled select of the filters, offering options. */
function FilterSelect<V extends string>(props: { id: string; label: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} className={select.select} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function BrowseRankingsPage() {
  usePageTitle(pageTitle('Browse Rankings'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.q);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const typeId = useId();
  const sortId = useId();
  const formatId = useId();
  const franchiseId = useId();

  // The URL as last written. react-router's functional update starts from the params of the
  // render that made its setter, so the search firing 300 ms after typing would write over a
  // filter chosen meanwhile; every change starts from this instead.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  function update(next: Partial<BrowseFilters>, { replace = false, keepPage = false } = {}) {
    const merged: BrowseFilters = { ...readFilters(latest.current), cursor: undefined, ...next };
    if (!keepPage) merged.page = 1;
    latest.current = writeFilters(merged);
    setParams(latest.current, { replace });
  }

  // The search box writes to the URL once typing pauses; the URL (back/forward) wins otherwise.
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => update({ q: text }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing restarts the pause; update reads the latest filters itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const lastQ = useRef(filters.q);
  useEffect(() => {
    if (lastQ.current !== filters.q) {
      lastQ.current = filters.q;
      if (filters.q.trim() !== text.trim()) setText(filters.q);
    }
  }, [filters.q, text]);

  const query = useQuery({
    queryKey: queryKeys.lists.browse(filters),
    queryFn: ({ signal }) => fetchBrowse(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  function toggleTag(tag: UserTag) {
    const tags = filters.tags.includes(tag) ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag];
    update({ tags: USER_TAGS.filter((t) => tags.includes(t)) });
  }

  function goToPage(page: number, cursor?: string) {
    update({ page, cursor }, { keepPage: true });
    resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  const data = query.data;
  const page = data?.page ?? filters.page;
  const totalPages = data?.totalPages ?? 1;
  // A capped count ("1,000+") reaches only so many pages; the server's cursor goes on from there.
  const capped = data?.totalIsCapped === true;
  const nextCursor = page >= totalPages && capped ? data?.nextCursor : undefined;
  const total = data ? `${data.total.toLocaleString('en-US')}${capped ? '+' : ''}` : '';
  const active = hasActiveFilters(filters);

  let results;
  if (query.isError && data === undefined) {
    results = (
      <LoadFailed message={userMessage(query.error, BROWSE_ERROR)} onRetry={() => void query.refetch()} className={styles.error} />
    );
  } else if (query.isPending) {
    results = <ListCardGrid lists={undefined} from="other" loading skeletons={6} />;
  } else if (data && data.lists.length === 0) {
    results = (
      <EmptyState>
        <p className={styles.emptyText}>{MESSAGES.browseNoMatch}</p>
        {active && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setText('');
              update({ q: '', type: 'all', format: 'all', franchise: 'all', tags: [] });
            }}
          >
            Clear all filters
          </button>
        )}
      </EmptyState>
    );
  } else {
    results = (
      <div className={query.isPlaceholderData ? styles.refreshing : undefined} aria-busy={query.isFetching}>
        <ListCardGrid lists={data?.lists} from="other" label="Rankings" />
      </div>
    );
  }

  return (
    <div className={pageStyles.page}>
      <PageHero eyebrow="Other Rankings" title="Browse Rankings" compact>
        <p>{MESSAGES.browseIntro}</p>
      </PageHero>

      <section className={styles.filters} aria-label="Filters">
        <SearchField
          className={styles.search}
          label="Search rankings"
          placeholder={MESSAGES.browseSearchPlaceholder}
          value={text}
          enterKeyHint="search"
          onChange={setText}
          onClear={() => {
            setText('');
            update({ q: '' }, { replace: true });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ q: text }, { replace: true });
          }}
        />

        <div className={styles.selects}>
          <FilterSelect id={typeId} label="Ranking Type" value={filters.type} options={RANKING_TYPES} onChange={(type) => update({ type })} />
          <FilterSelect id={formatId} label="Format" value={filters.format} options={FORMATS} onChange={(format) => update({ format })} />
          <FilterSelect id={franchiseId} label="Franchise" value={filters.franchise} options={FRANCHISES} onChange={(franchise) => update({ franchise })} />
          <FilterSelect id={sortId} label="Sort" value={filters.sort} options={SORTS} onChange={(sort) => update({ sort })} />
        </div>

        <div className={styles.tags} role="group" aria-label="Tags">
          {USER_TAGS.map((tag) => {
            const on = filters.tags.includes(tag);
            return (
              <button key={tag} type="button" aria-pressed={on} className={on ? `${styles.chip} ${styles.chipOn}` : styles.chip} onClick={() => toggleTag(tag)}>
                {on && (
                  <span aria-hidden="true" className={styles.check}>
                    ✓
                  </span>
                )}
                {TAG_LABELS[tag]}
              </button>
            );
          })}
        </div>
      </section>

      <section className={pageStyles.section} aria-labelledby="browse-results">
        <div className={styles.resultsHead}>
          <h2 id="browse-results" ref={resultsRef} className={pageStyles.sectionTitle}>
            Rankings
          </h2>
          <p className={styles.count} role="status">
            {data ? `${total} ${data.total === 1 && !capped ? 'ranking' : 'rankings'}` : ''}
          </p>
        </div>
        {results}
        {data && data.lists.length > 0 && (
          <nav className={styles.pager} aria-label="Pagination">
            <button
              type="button"
              className={pageStyles.buttonGhost}
              disabled={page <= 1}
              // A cursor page has no page number the server can jump to: step back through history.
              onClick={() => (filters.cursor ? window.history.back() : goToPage(page - 1))}
            >
              Previous
            </button>
            <span className={styles.pageLabel} aria-live="polite">
              Page {page} of {capped ? `${totalPages}+` : totalPages}
            </span>
            <button
              type="button"
              className={pageStyles.buttonGhost}
              disabled={page >= totalPages && !nextCursor}
              onClick={() => goToPage(page + 1, nextCursor)}
            >
              Next
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
