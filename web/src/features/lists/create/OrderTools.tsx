import { useState } from 'react';
import { DndContext } from '@dnd-kit/core';
import { formatMessage, MESSAGES } from '../../../api/contract';
import { DragPreview } from '../../../components/RankItem';
import { useIsMobile } from '../../../components/useMediaQuery';
import type { OrderToolsProps } from '../../../lib/orderTools';
import { maxQuestions } from '../../../lib/sorter';
import { emptyBoard, rankedFromTiers, tierReducer, tiersFromRanked, type TierAction, type TierBoard as Board } from '../../../lib/tiers';
import { moveItem, type ListFormat, type RankedItem } from './creatorState';
import { FormatSwitch } from './FormatSwitch';
import { RankingBoard } from './RankingBoard';
import { SortQuestions } from './sorter/SortSession';
import { startFrom, type SortProgress } from './sorter/sortProgress';
import { TierBoard, containerName } from './TierBoard';
import { useRankingDrag } from './useRankingDrag';
import { useTierDrag } from './useTierDrag';
import page from '../../../components/Page.module.css';
import sorter from './sorter/Sorter.module.css';
import styles from './OrderTools.module.css';


const noop = () => {};

/**
 * The creator's ways of ordering a fixed set of entries, for another page (a prediction):
 * the ranking board (drag, touch, keyboard), 'Rank by choosing', and tiers whose order,
 * tier by tier with the unplaced last, is the order. Whichever is in use, `onOrder` hears
 * every change, so what is saved is what is shown.
 */
export function OrderTools({ entries, order, onOrder, ordered, label, question, children }: OrderToolsProps) {
  const [format, setFormat] = useState<ListFormat>('ranked');
  const [board, setBoard] = useState<Board<RankedItem>>(emptyBoard);
  const [progress, setProgress] = useState<SortProgress>();
  // Until the fan orders something, the entries' order means nothing: tiers start empty.
  const [own, setOwn] = useState(ordered);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const items = order.flatMap((id) => byId.get(id) ?? []);
  const heads = () => board.tiers.map((t) => ({ ...t, items: [] }));

  function reorder(next: string[]) {
    setOwn(true);
    onOrder(next);
  }

  /** Ranked <-> tiers: the order stays as it is (no tier placed yet: all unplaced). */
  function switchTo(next: ListFormat) {
    if (next === format) return;
    if (next === 'tiers') setBoard(own ? tiersFromRanked(items, heads()) : { tiers: heads(), pool: items });
    setFormat(next);
  }

  function changeTiers(action: TierAction<RankedItem>) {
    const next = tierReducer(board, action);
    setBoard(next);
    const ids = rankedFromTiers(next).map((i) => i.id);
    // A tier renamed or recoloured leaves the order as it was.
    if (ids.some((id, i) => id !== order[i])) reorder(ids);
  }

  /** A finished sorting: its order, as the ranking or spread over the tiers. */
  function takeSorted(sorted: readonly string[], as: ListFormat) {
    setProgress(undefined);
    const next = [...sorted];
    if (as === 'tiers') setBoard(tiersFromRanked(next.flatMap((id) => byId.get(id) ?? []), heads()));
    setFormat(as);
    reorder(next);
  }

  if (progress) {
    return (
      <div className={styles.tools}>
        <SortQuestions progress={progress} onAnswers={(answers) => setProgress({ ...progress, answers })} onStop={() => setProgress(undefined)} onUse={takeSorted} question={question} />
      </div>
    );
  }
  const questions = maxQuestions(entries.length);
  return (
    <div className={styles.tools}>
      <FormatSwitch format={format} onChange={switchTo} />
      <div className={styles.sortRow}>
        <button type="button" className={sorter.launch} onClick={() => setProgress(startFrom(entries))} disabled={entries.length < 2}>
          <span aria-hidden="true">⇄</span> Rank by choosing
        </button>
        <span className={styles.hint}>
          {formatMessage(questions === 1 ? MESSAGES.sorterToSortOne : MESSAGES.sorterToSortMany, { count: entries.length, questions })}
        </span>
      </div>
      {format === 'tiers' ? (
        <TiersTool board={board} dispatch={changeTiers} onDone={() => switchTo('ranked')} />
      ) : (
        <RankedTool items={items} label={label} onMove={(from, to) => reorder(moveItem(order, from, to))} />
      )}
      {children}
    </div>
  );
}

/** The ranking board on its own drag context: a row moves by pointer, touch hold or keyboard. */
function RankedTool({ items, label, onMove }: { items: RankedItem[]; label: string; onMove: (from: number, to: number) => void }) {
  const isMobile = useIsMobile();
  const drag = useRankingDrag({ items, onAdd: noop, onMove, onPanelDragStart: noop });
  return (
    <DndContext {...drag.contextProps}>
      <p className={styles.hint}>{MESSAGES.orderRankedHint}</p>
      <RankingBoard items={items} isMobile={isMobile} activeDrag={drag.activeDrag} dropHint={drag.dropHint} label={label} />
      <DragPreview drag={drag.activeDrag} />
    </DndContext>
  );
}

/** The tiers on their own drag context; the order they make is read off top to bottom. */
function TiersTool({ board, dispatch, onDone }: { board: Board<RankedItem>; dispatch: (a: TierAction<RankedItem>) => void; onDone: () => void }) {
  const isMobile = useIsMobile();
  const drag = useTierDrag({
    board,
    onAdd: noop,
    onMove: (id, slot) => dispatch({ type: 'move', id, to: slot.container, index: slot.index }),
    onPanelDragStart: noop,
    containerName: (c) => containerName(board, c),
  });
  return (
    <DndContext {...drag.contextProps}>
      <p className={styles.hint}>{MESSAGES.orderTiersHint}</p>
      <TierBoard board={board} dispatch={dispatch} activeDrag={drag.activeDrag} hint={drag.hint} isMobile={isMobile} fixed poolHint={MESSAGES.orderTiersPool} />
      <p className={styles.done}>
        <button type="button" className={page.buttonGhost} onClick={onDone}>
          See the order
        </button>
      </p>
      <DragPreview drag={drag.activeDrag} />
    </DndContext>
  );
}
