import { useId, useState, type ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { FallbackImage } from '../../../components/FallbackImage';
import { stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import { POOL, TIERS_MAX, labelSize, TIERS_MIN, TIER_COLORS, TIER_LABEL_MAX, type Tier, type TierAction, type TierBoard as Board, type TierColor } from '../../../lib/tiers';
import type { DragData } from '../../../lib/dnd';
import type { RankedItem } from './creatorState';
import { EntryDialog } from './EntryDialog';
import { containerDndId, entryDndId, type TierHint } from './useTierDrag';
import styles from './TierBoard.module.css';
import { MESSAGES } from '../../../api/contract';

export const COLOR_NAMES: Record<TierColor, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  pink: 'Pink',
  gray: 'Gray',
};

const display = (item: RankedItem) => (item.isSeason ? stripSurvivorPrefix(item.name) : item.name);

/** How a container is read out: 'tier S', or 'the unplaced pool'. */
export function containerName(board: Board<RankedItem>, container: string): string {
  if (container === POOL) return 'the unplaced pool';
  const tier = board.tiers.find((t) => t.key === container);
  return tier ? `tier ${tier.label.trim() || board.tiers.indexOf(tier) + 1}` : '';
}

interface EntryProps {
  item: RankedItem;
  container: string;
  where: string;
  hint: 'before' | 'after' | null;
  onEdit: (item: RankedItem) => void;
  fixed: boolean;
}

/** One entry: its face is the drag handle (pointer, touch hold, keyboard); ⋯ opens its note, tier and removal. */
function TierEntry({ item, container, where, hint, onEdit, fixed }: EntryProps) {
  const data: DragData & { container: string } = { item, fromPanel: false, container };
  const drag = useDraggable({ id: entryDndId(item), data });
  const drop = useDroppable({ id: entryDndId(item), data });
  const name = display(item);
  return (
    <li ref={drop.setNodeRef} className={`${styles.entry} ${drag.isDragging ? styles.entryDragging : ''}`} data-drop={hint ?? undefined}>
      <button
        ref={drag.setNodeRef}
        type="button"
        className={styles.handle}
        {...drag.attributes}
        {...drag.listeners}
        aria-roledescription="sortable"
        aria-label={`Move ${name}, ${where}`}
      >
        <FallbackImage src={item.imageUrl} alt="" width={48} height={48} className={item.isSeason ? styles.logo : styles.headshot} />
        <span className={styles.entryName}>{name}</span>
        {item.note && <span className={styles.noteMark} aria-hidden="true">✎</span>}
      </button>
      <button type="button" className={styles.more} onClick={() => onEdit(item)} aria-label={fixed ? `Choose ${name}'s tier` : `Edit ${name}: note, tier or remove`}>
        <span aria-hidden="true">⋯</span>
      </button>
    </li>
  );
}

interface DropProps {
  container: string;
  label: string;
  items: RankedItem[];
  board: Board<RankedItem>;
  hint: TierHint | null;
  active: boolean;
  empty: ReactNode;
  onEdit: (item: RankedItem) => void;
  fixed: boolean;
}

/** A tier's entries (or the pool's): a drop target that wraps its entries in rows. */
function EntryDrop({ container, label, items, board, hint, active, empty, onEdit, fixed }: DropProps) {
  const { setNodeRef } = useDroppable({ id: containerDndId(container) });
  const atEnd = hint?.where === 'end' && hint.id === containerDndId(container);
  const name = containerName(board, container);
  return (
    <div ref={setNodeRef} className={`${styles.drop} ${active ? styles.dropActive : ''}`} data-drop={atEnd ? 'end' : undefined}>
      {items.length === 0 ? (
        <p className={styles.dropEmpty}>{empty}</p>
      ) : (
        <ul className={styles.entries} aria-label={label}>
          {items.map((item, i) => (
            <TierEntry
              key={item.id}
              item={item}
              container={container}
              where={`${name}, position ${i + 1} of ${items.length}`}
              hint={hint && hint.where !== 'end' && hint.id === entryDndId(item) ? hint.where : null}
              onEdit={onEdit}
              fixed={fixed}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface SettingsProps {
  tier: Tier<RankedItem>;
  index: number;
  count: number;
  dispatch: (a: TierAction<RankedItem>) => void;
}

/** A tier's label, colour, place and removal. */
function TierSettings({ tier, index, count, dispatch }: SettingsProps) {
  const id = useId();
  const name = tier.label.trim() || `${index + 1}`;
  return (
    <div className={styles.settings} id={`${id}-settings`}>
      <label className={styles.labelField}>
        <span>Label</span>
        <input
          className={styles.labelInput}
          value={tier.label}
          maxLength={TIER_LABEL_MAX}
          aria-invalid={tier.label.trim() === '' ? true : undefined}
          onChange={(e) => dispatch({ type: 'renameTier', key: tier.key, label: e.target.value })}
        />
      </label>
      <fieldset className={styles.palette}>
        <legend>Color</legend>
        {TIER_COLORS.map((c) => (
          <label key={c} className={styles.swatch} data-color={c} title={COLOR_NAMES[c]}>
            <input type="radio" name={`${id}-color`} value={c} checked={tier.color === c} onChange={() => dispatch({ type: 'recolorTier', key: tier.key, color: c })} />
            <span className="visually-hidden">{COLOR_NAMES[c]}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.settingsActions}>
        <button type="button" className={styles.small} disabled={index === 0} onClick={() => dispatch({ type: 'moveTier', key: tier.key, to: index - 1 })}>
          Move up<span className="visually-hidden"> tier {name}</span>
        </button>
        <button type="button" className={styles.small} disabled={index === count - 1} onClick={() => dispatch({ type: 'moveTier', key: tier.key, to: index + 1 })}>
          Move down<span className="visually-hidden"> tier {name}</span>
        </button>
        <button type="button" className={`${styles.small} ${styles.danger}`} disabled={count <= TIERS_MIN} onClick={() => dispatch({ type: 'removeTier', key: tier.key })}>
          Remove tier<span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </div>
  );
}

interface BoardProps {
  board: Board<RankedItem>;
  dispatch: (a: TierAction<RankedItem>) => void;
  /** The container a click in the panel adds to, and its choice; without them, no panel feeds the board. */
  target?: string;
  onTarget?: (container: string) => void;
  activeDrag: DragData | null;
  hint: TierHint | null;
  isMobile: boolean;
  /** The entries are given (a prediction's cast): none is removed and none has a note. */
  fixed?: boolean;
  /** What the unplaced pool says it is for. */
  poolHint?: string;
}

/** The tier list being built: tiers as rows with coloured labels, the unplaced pool below. */
export function TierBoard({ board, dispatch, target = POOL, onTarget, activeDrag, hint, isMobile, fixed = false, poolHint = MESSAGES.tierPoolHint }: BoardProps) {
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<RankedItem | null>(null);
  const dragging = activeDrag !== null;
  const editingNow = editing ? (board.tiers.flatMap((t) => t.items).concat(board.pool).find((i) => i.id === editing.id) ?? null) : null;
  const addHint = isMobile ? MESSAGES.tierAddHintMobile : MESSAGES.tierAddHint;
  const nothingPlaced = board.tiers.every((t) => t.items.length === 0);
  /** An empty tier says how to fill it only where it helps: the tier clicks go to, or the top one while all are empty. */
  const emptyText = (key: string, index: number) =>
    !onTarget ? '' : target === key ? MESSAGES.tierClicksHere : index === 0 && nothingPlaced ? addHint : '';
  return (
    <div className={styles.board}>
      <ol className={styles.tiers} aria-label="Tiers">
        {board.tiers.map((tier, index) => {
          const name = tier.label.trim() || `${index + 1}`;
          const settingsOpen = open === tier.key;
          return (
            <li key={tier.key} className={`${styles.tier} ${onTarget && target === tier.key ? styles.targeted : ''}`}>
              <div className={styles.row}>
                {onTarget ? (
                  <button
                    type="button"
                    className={styles.label}
                    data-color={tier.color}
                    data-size={labelSize(tier.label)}
                    aria-pressed={target === tier.key}
                    aria-label={`Tier ${name}: add clicked entries here`}
                    title={target === tier.key ? 'Clicks in the panel add here' : 'Add clicked entries to this tier'}
                    onClick={() => onTarget(target === tier.key ? POOL : tier.key)}
                  >
                    <span className={styles.labelText}>{tier.label || '\u00a0'}</span>
                  </button>
                ) : (
                  <span className={styles.label} data-color={tier.color} data-size={labelSize(tier.label)}>
                    <span className={styles.labelText}>{tier.label || '\u00a0'}</span>
                  </span>
                )}
                <EntryDrop
                  container={tier.key}
                  label={`Tier ${name}`}
                  items={tier.items}
                  board={board}
                  hint={hint}
                  active={dragging}
                  empty={emptyText(tier.key, index)}
                  onEdit={setEditing}
                  fixed={fixed}
                />
                <button
                  type="button"
                  className={styles.gear}
                  aria-expanded={settingsOpen}
                  aria-label={`Tier ${name} settings`}
                  onClick={() => setOpen(settingsOpen ? null : tier.key)}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="M4 7h10M18 7h2M4 17h2M10 17h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    <circle cx="16" cy="7" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
                    <circle cx="8" cy="17" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </button>
              </div>
              {settingsOpen && <TierSettings tier={tier} index={index} count={board.tiers.length} dispatch={dispatch} />}
            </li>
          );
        })}
      </ol>
      <button type="button" className={styles.addTier} disabled={board.tiers.length >= TIERS_MAX} onClick={() => dispatch({ type: 'addTier' })}>
        <span aria-hidden="true">+</span> Add tier
      </button>

      <section className={`${styles.pool} ${onTarget && target === POOL ? styles.targeted : ''}`} aria-labelledby="pool-heading">
        <div className={styles.poolHead}>
          <h3 id="pool-heading" className={styles.poolTitle}>
            Unplaced
          </h3>
          {onTarget && (
            <button type="button" className={styles.small} aria-pressed={target === POOL} onClick={() => onTarget(POOL)}>
              {target === POOL ? 'Clicks add here' : 'Add clicks here'}
            </button>
          )}
        </div>
        <p className={styles.poolHint}>{poolHint}</p>
        <EntryDrop container={POOL} label="Unplaced entries" items={board.pool} board={board} hint={hint} active={dragging} empty={onTarget ? addHint : ''} onEdit={setEditing} fixed={fixed} />
      </section>

      {editingNow && <EntryDialog item={editingNow} board={board} dispatch={dispatch} fixed={fixed} onClose={() => setEditing(null)} />}
    </div>
  );
}
