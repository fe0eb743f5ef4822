import { useState } from 'react';
import {
  closestCenter,
  pointerWithin,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FallbackImage } from '../../components/FallbackImage';
import { CloseIcon } from '../../components/icons';
import { DragHandle } from '../../components/DragHandle';
import { PANEL_PREFIX, dragAccessibility, dragData, useDragSensors, type DragData } from '../../lib/dnd';
import type { PanelItem } from '../../lib/panelItem';
import type { Slots } from './globalApi';
import styles from './Global.module.css';
import { MESSAGES } from '../../api/contract';

const SLOT_PREFIX = 'slot:';
export const slotId = (i: number) => `${SLOT_PREFIX}${i}`;
const slotIndex = (id: UniqueIdentifier | undefined) => (id !== undefined && String(id).startsWith(SLOT_PREFIX) ? Number(String(id).slice(SLOT_PREFIX.length)) : -1);

const SCREEN_READER_INSTRUCTIONS =
  MESSAGES.ballotDragInstructions;

/** A panel drag lands in the slot under the pointer; a slot's castaway moves to the nearest slot. */
const collision: CollisionDetection = (args) => {
  const slots = args.droppableContainers.filter((c) => String(c.id).startsWith(SLOT_PREFIX));
  if (String(args.active.id).startsWith(PANEL_PREFIX)) return pointerWithin({ ...args, droppableContainers: slots });
  return closestCenter({ ...args, droppableContainers: slots });
};

interface DragOptions {
  slots: Slots;
  /** A panel item dropped on slot `index`. */
  onPlace: (item: PanelItem, index: number) => void;
  onMove: (from: number, to: number) => void;
  onPanelDragStart: () => void;
}

/** Drag and drop for the ballot, as in the creator: pointer, touch after a 150 ms hold, keyboard. */
export function useBallotDrag({ slots, onPlace, onMove, onPanelDragStart }: DragOptions) {
  const [activeDrag, setActiveDrag] = useState<DragData | null>(null);
  const sensors = useDragSensors(sortableKeyboardCoordinates);

  function onDragStart(e: DragStartEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(data);
    if (data?.fromPanel) onPanelDragStart();
  }

  function onDragEnd(e: DragEndEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(null);
    const to = slotIndex(e.over?.id);
    if (!data || to < 0) return;
    if (data.fromPanel) onPlace(data.item, to);
    else {
      const from = slotIndex(e.active.id);
      if (from >= 0 && from !== to) onMove(from, to);
    }
  }

  const where = (id: UniqueIdentifier | undefined) => {
    const i = slotIndex(id);
    return i < 0 ? '' : `slot ${i + 1} of ${slots.length}`;
  };
  const accessibility = dragAccessibility(
    {
      name: (item) => item.name,
      from: (active) => `in ${where(active)}`,
      over: (_active, over) => where(over),
      dropped: (_active, over) => `on ${where(over)}`,
      notOver: 'a slot',
      outside: 'the slots',
    },
    SCREEN_READER_INSTRUCTIONS,
  );

  return {
    activeDrag,
    contextProps: {
      sensors,
      collisionDetection: collision,
      onDragStart,
      onDragEnd,
      onDragCancel: () => setActiveDrag(null),
      accessibility,
    },
  };
}

interface SlotProps {
  item: PanelItem | null;
  index: number;
  panelDragging: boolean;
  onRemove: (index: number) => void;
}

function Slot({ item, index, panelDragging, onRemove }: SlotProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver } = useSortable({
    id: slotId(index),
    data: item ? { item, fromPanel: false } : {},
    disabled: { draggable: item === null, droppable: false },
  });
  const classes = [styles.slot, item ? styles.slotFilled : styles.slotEmpty, isDragging ? styles.slotDragging : '', isOver && panelDragging ? styles.slotOver : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      ref={setNodeRef}
      className={classes}
      data-slot={index + 1}
      style={item ? { transform: CSS.Translate.toString(transform), transition } : undefined}
      {...(item ? listeners : {})}
    >
      <span className={styles.slotRank} aria-hidden="true">
        {index + 1}
      </span>
      {item ? (
        <>
          <DragHandle activatorRef={setActivatorNodeRef} attributes={attributes} className={styles.handle} label={`Move ${item.name}, position ${index + 1}`} />
          <FallbackImage src={item.imageUrl} alt="" className={styles.headshot} width={48} height={48} />
          <span className={styles.slotName}>{item.name}</span>
          <button type="button" className={styles.remove} onClick={() => onRemove(index)} aria-label={`Remove ${item.name} from position ${index + 1}`}>
            <CloseIcon />
          </button>
        </>
      ) : (
        <span className={styles.placeholder}>Vote for #{index + 1}</span>
      )}
    </li>
  );
}

interface BoardProps {
  slots: Slots;
  activeDrag: DragData | null;
  onRemove: (index: number) => void;
}

/** The ten ballot slots: drop targets for the panel, sortable among themselves. */
export function BallotBoard({ slots, activeDrag, onRemove }: BoardProps) {
  return (
    <SortableContext items={slots.map((_, i) => slotId(i))} strategy={verticalListSortingStrategy}>
      <ol className={`${styles.slots} ${activeDrag?.fromPanel ? styles.slotsActive : ''}`} aria-label="Your top 10">
        {slots.map((item, i) => (
          <Slot key={slotId(i)} item={item} index={i} panelDragging={activeDrag?.fromPanel === true} onRemove={onRemove} />
        ))}
      </ol>
    </SortableContext>
  );
}
