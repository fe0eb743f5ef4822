import type { MouseEvent as ReactMouseEvent, TouchEvent as ReactTouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { DragOverlay, useDraggable } from '@dnd-kit/core';
import { PANEL_PREFIX, type DragData } from '../lib/dnd';
import type { PanelItem } from '../lib/panelItem';
import { stripSurvivorPrefix } from '../lib/seasonDisplay';
import { FallbackImage } from './FallbackImage';
import type { AddableTileProps } from './seasonsPanel/tiles';
import styles from './RankItem.module.css';

// The pieces of a ranking row that the list creator and the global vote share: a panel tile
// that drags into a ranking, an item's face, and what follows the pointer while dragging.

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

/** An item's picture, name and season, with its rank when it has one. */
export function ItemFace({ item, rank }: { item: PanelItem; rank?: number }) {
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
