import type { ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CloseIcon } from '../../../components/icons';
import { DragHandle } from '../../../components/DragHandle';
import { ItemFace } from '../../../components/RankItem';
import { stripSurvivorPrefix } from '../../../lib/seasonDisplay';
import type { PanelItem } from '../../../lib/panelItem';
import type { RankedItem } from './creatorState';
import { LIST_DROP_ID, itemDndId, type DragData, type DropHint } from '../../../lib/dnd';
import { NoteField } from './NoteField';
import styles from './CreatePage.module.css';
import { MESSAGES } from '../../../api/contract';

interface RowProps {
  item: RankedItem;
  index: number;
  dropHint: 'before' | 'after' | null;
  onRemove?: (item: PanelItem) => void;
  onNote?: (item: PanelItem, note: string) => void;
}

function SortableRow({ item, index, dropHint, onRemove, onNote }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: itemDndId(item),
    data: { item, fromPanel: false },
  });
  const name = item.isSeason ? stripSurvivorPrefix(item.name) : item.name;
  return (
    <li
      ref={setNodeRef}
      className={`${styles.row} ${isDragging ? styles.rowDragging : ''}`}
      data-drop={dropHint ?? undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    >
      <DragHandle activatorRef={setActivatorNodeRef} attributes={attributes} className={styles.handle} label={`Move ${name}, position ${index + 1}`} />
      <ItemFace item={item} rank={index + 1} />
      {onRemove && (
        <button type="button" className={styles.remove} onClick={() => onRemove(item)} aria-label={`Remove ${name}`}>
          <CloseIcon />
        </button>
      )}
      {onNote && <NoteField name={name} note={item.note ?? ''} onChange={(note) => onNote(item, note)} />}
    </li>
  );
}

function RankingDropZone({ children, empty, active }: { children: ReactNode; empty: boolean; active: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: LIST_DROP_ID });
  return (
    <div
      ref={setNodeRef}
      className={`${styles.dropZone} ${empty ? styles.dropZoneEmpty : ''} ${active ? styles.dropZoneActive : ''} ${isOver ? styles.dropZoneOver : ''}`}
    >
      {children}
    </div>
  );
}

interface BoardProps {
  items: RankedItem[];
  isMobile: boolean;
  activeDrag: DragData | null;
  dropHint: DropHint | null;
  /** Removes an item; without it the entries are fixed (a prediction orders a whole cast). */
  onRemove?: (item: PanelItem) => void;
  /** The note on an item changed; without it, no notes. */
  onNote?: (item: PanelItem, note: string) => void;
  /** The list's name as read out. */
  label?: string;
}

/** The ranked items: a sortable list that panel items can be dropped into, or the empty hint. */
export function RankingBoard({ items, isMobile, activeDrag, dropHint, onRemove, onNote, label = 'Ranked items' }: BoardProps) {
  return (
    <RankingDropZone empty={items.length === 0} active={activeDrag?.fromPanel === true}>
      {items.length === 0 ? (
        <div className={styles.emptyList}>
          <p className={styles.emptyTitle}>Your ranking is empty</p>
          <p>
            {isMobile
              ? MESSAGES.rankingEmptyMobile
              : MESSAGES.rankingEmpty}
          </p>
        </div>
      ) : (
        <SortableContext items={items.map(itemDndId)} strategy={verticalListSortingStrategy}>
          <ol className={styles.list} aria-label={label}>
            {items.map((item, index) => (
              <SortableRow
                key={itemDndId(item)}
                item={item}
                index={index}
                dropHint={dropHint?.id === itemDndId(item) ? dropHint.where : null}
                onRemove={onRemove}
                onNote={onNote}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </RankingDropZone>
  );
}
