import { type MouseEvent as ReactMouseEvent, type ReactNode, type TouchEvent as ReactTouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { DragOverlay, useDraggable, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FallbackImage } from '../../../components/FallbackImage';
import { CloseIcon } from '../../../components/icons';
import type { AddableTileProps } from '../../seasons/panel/SeasonsPanel';
import { stripSurvivorPrefix } from '../../seasons/seasonDisplay';
import type { PanelItem } from '../../seasons/types';
import type { RankedItem } from './creatorState';
import { LIST_DROP_ID, PANEL_PREFIX, itemDndId, type DragData, type DropHint } from './dnd';
import { NoteField } from './NoteField';
import styles from './CreatePage.module.css';

/** A create-mode contestant in the seasons panel: click (or Enter) adds it, a drag places it. */
export function DraggablePanelTile({ item, label, className, onAdd, children }: AddableTileProps) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${PANEL_PREFIX}${item.seasonId}:${item.id}`,
    data: { item, fromPanel: true },
  });
  // Keyboard users add with Enter (a click); only pointer and touch start a drag here.
  const onMouseDown = listeners?.onMouseDown as ((e: ReactMouseEvent) => void) | undefined;
  const onTouchStart = listeners?.onTouchStart as ((e: ReactTouchEvent) => void) | undefined;
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`${className} ${styles.panelTile} ${isDragging ? styles.tileDragging : ''}`}
      onClick={onAdd}
      onMouseDown={onMouseDown}
      onTouchStart={onTouchStart}
      aria-label={label}
    >
      {children}
    </button>
  );
}

function ItemFace({ item, rank }: { item: PanelItem; rank?: number }) {
  const season = stripSurvivorPrefix(item.seasonName);
  return (
    <>
      {rank !== undefined && (
        <span className={styles.rank} aria-hidden="true">
          {rank}
        </span>
      )}
      <FallbackImage src={item.imageUrl} alt="" className={item.isSeason ? styles.logo : styles.headshot} width={56} height={56} />
      <span className={styles.itemText}>
        <span className={styles.itemName}>{item.isSeason ? stripSurvivorPrefix(item.name) : item.name}</span>
        {!item.isSeason && season !== '' && <span className={styles.itemMeta}>{season}</span>}
        {item.isSeason && <span className={styles.itemMeta}>Season</span>}
      </span>
    </>
  );
}

interface RowProps {
  item: RankedItem;
  index: number;
  dropHint: 'before' | 'after' | null;
  onRemove: (item: PanelItem) => void;
  onNote: (item: PanelItem, note: string) => void;
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
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={styles.handle}
        {...attributes}
        aria-roledescription="sortable"
        aria-label={`Move ${name}, position ${index + 1}`}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
        </svg>
      </button>
      <ItemFace item={item} rank={index + 1} />
      <button type="button" className={styles.remove} onClick={() => onRemove(item)} aria-label={`Remove ${name}`}>
        <CloseIcon />
      </button>
      <NoteField name={name} note={item.note ?? ''} onChange={(note) => onNote(item, note)} />
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
  onRemove: (item: PanelItem) => void;
  /** The note on an item changed. */
  onNote: (item: PanelItem, note: string) => void;
}

/** The ranked items: a sortable list that panel items can be dropped into, or the empty hint. */
export function RankingBoard({ items, isMobile, activeDrag, dropHint, onRemove, onNote }: BoardProps) {
  return (
    <RankingDropZone empty={items.length === 0} active={activeDrag?.fromPanel === true}>
      {items.length === 0 ? (
        <div className={styles.emptyList}>
          <p className={styles.emptyTitle}>Your ranking is empty</p>
          <p>
            {isMobile
              ? 'Tap “Add contestants or seasons” to pick castaways, or open a season and tap its logo to rank whole seasons.'
              : 'Pick castaways from the seasons panel, drag them here, or open a season and add the whole season to rank seasons.'}
          </p>
        </div>
      ) : (
        <SortableContext items={items.map(itemDndId)} strategy={verticalListSortingStrategy}>
          <ol className={styles.list} aria-label="Ranked items">
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

/** What follows the pointer while dragging, above everything (portalled to the body). */
export function DragPreview({ drag }: { drag: DragData | null }) {
  return createPortal(
    <DragOverlay dropAnimation={null} zIndex={1000}>
      {drag ? (
        <div className={styles.overlay}>
          <ItemFace item={drag.item} />
        </div>
      ) : null}
    </DragOverlay>,
    document.body,
  );
}
