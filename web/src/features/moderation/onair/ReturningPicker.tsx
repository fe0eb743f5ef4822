import { useId, useState } from 'react';
import type { CatalogContestant, Season } from '../../../api/client';
import { MESSAGES, formatMessage } from '../../../api/contract';
import { Dialog } from '../../../components/Dialog';
import { SearchField } from '../../../components/SearchField';
import { searchCatalog } from '../../../lib/catalogSearch';
import page from '../../../components/Page.module.css';
import dialog from '../../../components/DialogForm.module.css';
import styles from './OnAir.module.css';

/** How many castaways a search shows: a few letters more narrow it. */
const SHOWN = 20;

interface Props {
  seasons: readonly Season[];
  onPick: (contestant: CatalogContestant) => void;
  onClose: () => void;
}

/** 'Returning player…': find a castaway who played before by name, and pick them. */
export function ReturningPicker({ seasons, onPick, onClose }: Props) {
  const uid = useId();
  const [query, setQuery] = useState('');
  const hits = searchCatalog(seasons, query).contestants.slice(0, SHOWN);
  return (
    <Dialog labelledBy={`${uid}-title`} onClose={onClose}>
      <h2 id={`${uid}-title`} className={dialog.dialogTitle}>
        Returning player
      </h2>
      <div className={dialog.form}>
        <SearchField label="Find a castaway by name" placeholder="Name" value={query} onChange={setQuery} />
        {query.trim() === '' ? (
          <p className={dialog.hint}>{MESSAGES.onAirPickHint}</p>
        ) : hits.length === 0 ? (
          <p className={dialog.hint} role="status">
            {formatMessage(MESSAGES.onAirPickNone, { query: query.trim() })}
          </p>
        ) : (
          <ul className={styles.hits} aria-label="Castaways found">
            {hits.map(({ contestant, season }) => (
              <li key={contestant.id}>
                <button type="button" className={styles.hit} onClick={() => onPick(contestant)}>
                  <strong>{contestant.name}</strong>
                  <span className={styles.muted}>{season.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={dialog.buttons}>
          <button type="button" className={page.buttonGhost} onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}
