import { useId, useRef, useState } from 'react';
import { useCatalog } from '../../../api/catalog';
import type { Season } from '../../../api/client';
import { MESSAGES, formatMessage } from '../../../api/contract';
import { userMessage } from '../../../api/userMessage';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/Failure';
import page from '../../../components/Page.module.css';
import { AddSeasonForm } from './AddSeasonForm';
import { SeasonOnAir } from './SeasonOnAir';
import { FRANCHISES } from '../../../lib/seasonDisplay';
import styles from './OnAir.module.css';
import select from '../../../components/Select.module.css';

/**
 * The moderators' 'Seasons on air' tab: pick a season to record its boots as it airs, or
 * add the season that starts airing. Every season is offered, each franchise's newest
 * first (a season on air is the newest); a published one says it takes no records.
 */
export function OnAirTab() {
  const uid = useId();
  const catalog = useCatalog();
  const [seasonId, setSeasonId] = useState('');
  const [adding, setAdding] = useState(false);
  const [justAdded, setJustAdded] = useState('');
  const [said, setSaid] = useState('');
  // Cancelling the new season's form puts focus back on the button that opened it.
  const backToAdd = useRef(false);

  let body;
  if (catalog.isPending) {
    body = (
      <p role="status" className={styles.muted}>
        {MESSAGES.seasonsLoading}
      </p>
    );
  } else if (catalog.isError) {
    body = <LoadFailed message={userMessage(catalog.error, MESSAGES.onAirSeasonsFailed)} onRetry={() => void catalog.refetch()} className={styles.failed} />;
  } else if (adding) {
    body = (
      <AddSeasonForm
        seasons={catalog.data.seasons}
        onCancel={() => {
          backToAdd.current = true;
          setAdding(false);
        }}
        onAdded={(season) => {
          setAdding(false);
          setSeasonId(season.id);
          setJustAdded(season.id);
          setSaid(formatMessage(MESSAGES.onAirAdded, { name: season.name }));
        }}
      />
    );
  } else {
    body = (
      <>
        <div className={styles.toolbar}>
          <div className={styles.field}>
            <label htmlFor={`${uid}-season`}>Season</label>
            <select
              id={`${uid}-season`}
              className={`${styles.select} ${select.select}`}
              value={seasonId}
              onChange={(e) => {
                setSeasonId(e.target.value);
                setSaid('');
              }}
            >
              <option value="">Choose a season</option>
              {FRANCHISES.map((f) => (
                <optgroup key={f.id} label={f.name}>
                  {newestFirst(catalog.data.seasons, f.id).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <button
            type="button"
            className={page.buttonGhost}
            ref={(el) => {
              if (el && backToAdd.current) {
                backToAdd.current = false;
                el.focus();
              }
            }}
            onClick={() => {
              setAdding(true);
              setSaid('');
            }}
          >
            Add a season
          </button>
        </div>
        {seasonId ? (
          <SeasonOnAir key={seasonId} seasonId={seasonId} onDone={setSaid} focusOnLoad={seasonId === justAdded} />
        ) : (
          <EmptyState>{MESSAGES.onAirChooseSeason}</EmptyState>
        )}
      </>
    );
  }

  return (
    <section aria-label="Seasons on air" className={styles.tab}>
      <p className={styles.muted}>{MESSAGES.onAirIntro}</p>
      <p role="status" className={said ? styles.notice : 'visually-hidden'}>
        {said}
      </p>
      {body}
    </section>
  );
}

function newestFirst(seasons: readonly Season[], franchise: string): Season[] {
  return seasons.filter((s) => s.franchise === franchise).sort((a, b) => b.number - a.number);
}
