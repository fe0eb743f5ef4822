import { useId } from 'react';
import { Dialog } from '../../../components/Dialog';
import { stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import { POOL, locate, type TierAction, type TierBoard } from '../../../lib/tiers';
import { NOTE_MAX } from '../api';
import type { RankedItem } from './creatorState';
import form from '../../../components/DialogForm.module.css';
import page from '../../../components/Page.module.css';

interface Props {
  item: RankedItem;
  board: TierBoard<RankedItem>;
  dispatch: (a: TierAction<RankedItem>) => void;
  onClose: () => void;
  /** The entry is given (one of a prediction's cast): only its tier changes. */
  fixed?: boolean;
}

/** One entry of a tier list: its note, its tier (a tap's way to move it) and its removal. */
export function EntryDialog({ item, board, dispatch, onClose, fixed = false }: Props) {
  const id = useId();
  const name = item.isSeason ? stripSurvivorPrefix(item.name) : item.name;
  const place = locate(board, item.id);
  const note = item.note ?? '';
  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`} className={form.dialogTitle}>
        {name}
      </h2>
      <div className={form.form}>
        <label htmlFor={`${id}-tier`}>Tier</label>
        <select
          id={`${id}-tier`}
          className={form.input}
          value={place?.container ?? POOL}
          onChange={(e) => dispatch({ type: 'move', id: item.id, to: e.target.value, index: Number.MAX_SAFE_INTEGER })}
        >
          {board.tiers.map((t, i) => (
            <option key={t.key} value={t.key}>
              {t.label.trim() || `Tier ${i + 1}`}
            </option>
          ))}
          <option value={POOL}>Unplaced</option>
        </select>
        {!fixed && (
          <>
            <label htmlFor={`${id}-note`}>Note on {name}</label>
            <textarea
              id={`${id}-note`}
              className={form.textarea}
              maxLength={NOTE_MAX}
              value={note}
              placeholder="Why here? (optional)"
              aria-describedby={`${id}-count`}
              onChange={(e) => dispatch({ type: 'note', id: item.id, note: e.target.value })}
            />
            <span id={`${id}-count`} className={form.hint}>
              {note.length}/{NOTE_MAX}
            </span>
          </>
        )}
        <div className={form.buttons}>
          {!fixed && (
            <button
              type="button"
              className={`${page.buttonGhost} ${form.danger}`}
              onClick={() => {
                dispatch({ type: 'remove', id: item.id });
                onClose();
              }}
            >
              Remove {name}
            </button>
          )}
          <button type="button" className={page.button} onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Dialog>
  );
}
