import { useId, useMemo, useState } from 'react';
import { useCatalog } from '../../../../api/catalog';
import { Dialog } from '../../../../components/Dialog';
import { FRANCHISES, shortSeasonName } from '../../../../lib/seasonDisplay';
import { maxQuestions } from '../../../../lib/sorter';
import type { RankedItem } from '../rankedItem';
import type { CreatorUpdate } from './SortSession';
import { allSeasons, castOf, maxSortEntries, startFrom } from './sortProgress';
import page from '../../../../components/Page.module.css';
import form from '../../../../components/DialogForm.module.css';
import styles from './Sorter.module.css';
import { formatMessage, MESSAGES } from '../../../../api/contract';

type Source = 'cast' | 'list' | 'seasons';

/**
 * The 'Rank by choosing' button and what it asks first: what to sort (a season's cast, the
 * entries already in the list, or every season). Starting puts the sorting in the draft.
 */
export function RankByChoosing({ items, update }: { items: readonly RankedItem[]; update: CreatorUpdate }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.launch} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden="true">⇄</span> Rank by choosing
      </button>
      {open && (
        <SortSetup
          items={items}
          onClose={() => setOpen(false)}
          onStart={(sorter) => {
            setOpen(false);
            update({ sorter });
          }}
        />
      )}
    </>
  );
}

function SortSetup({ items, onClose, onStart }: { items: readonly RankedItem[]; onClose: () => void; onStart: (p: ReturnType<typeof startFrom>) => void }) {
  const catalog = useCatalog();
  const seasons = useMemo(() => [...(catalog.data?.seasons ?? [])].sort((a, b) => b.number - a.number), [catalog.data]);
  const most = maxSortEntries(seasons);
  const listSortable = items.length >= 2 && items.length <= most;
  const firstSeason = items.find((i) => !i.isSeason)?.seasonId;
  const [source, setSource] = useState<Source>(listSortable ? 'list' : 'cast');
  const [seasonId, setSeasonId] = useState<string>('');
  const season = seasons.find((s) => s.id === (seasonId || firstSeason)) ?? seasons[0];
  const ids = { title: useId(), season: useId() };

  const entries = source === 'list' ? items : source === 'seasons' ? allSeasons(seasons) : season ? castOf(season) : [];
  const what = items[0]?.isSeason ? 'seasons' : 'contestants';
  const asked = maxQuestions(entries.length);

  return (
    <Dialog labelledBy={ids.title} onClose={onClose}>
      <div className={form.form}>
        <h2 id={ids.title} className={form.dialogTitle}>
          Rank by choosing
        </h2>
        <p className={form.hint}>{MESSAGES.sorterIntro}</p>
        <fieldset className={styles.sources}>
          <legend className="visually-hidden">What to sort</legend>
          <label className={styles.source}>
            <input type="radio" name="sort-source" checked={source === 'cast'} onChange={() => setSource('cast')} />
            A season’s cast
          </label>
          <label className={styles.seasonPick} htmlFor={ids.season}>
            <span className="visually-hidden">Season</span>
            <select
              id={ids.season}
              className={form.input}
              value={season?.id ?? ''}
              disabled={seasons.length === 0}
              onChange={(e) => {
                setSeasonId(e.target.value);
                setSource('cast');
              }}
            >
              {FRANCHISES.map((f) => {
                const group = seasons.filter((s) => s.franchise === f.id);
                return (
                  group.length > 0 && (
                    <optgroup key={f.id} label={f.name}>
                      {group.map((s) => (
                        <option key={s.id} value={s.id}>
                          {`${s.number}. ${shortSeasonName(s.name)} (${s.contestants.length})`}
                        </option>
                      ))}
                    </optgroup>
                  )
                );
              })}
            </select>
          </label>
          {listSortable && (
            <label className={styles.source}>
              <input type="radio" name="sort-source" checked={source === 'list'} onChange={() => setSource('list')} />
              {`The ${items.length} ${what} in your list`}
            </label>
          )}
          <label className={styles.source}>
            <input type="radio" name="sort-source" checked={source === 'seasons'} onChange={() => setSource('seasons')} disabled={seasons.length === 0} />
            {`Every season (${seasons.length})`}
          </label>
        </fieldset>
        <p className={form.hint} aria-live="polite">
          {entries.length >= 2
            ? formatMessage(asked === 1 ? MESSAGES.sorterToSortOne : MESSAGES.sorterToSortMany, { count: entries.length, questions: asked })
            : catalog.isError
              ? MESSAGES.seasonsFailed
              : MESSAGES.seasonsLoading}
        </p>
        <div className={form.buttons}>
          <button type="button" className={page.buttonGhost} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={page.button} disabled={entries.length < 2} onClick={() => onStart(startFrom(entries))}>
            Start sorting
          </button>
        </div>
      </div>
    </Dialog>
  );
}
