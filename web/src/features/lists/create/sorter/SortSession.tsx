import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { FallbackImage } from '../../../../components/FallbackImage';
import { sorterStep, type Answer } from '../../../../lib/sorter';
import { stripSurvivorPrefix } from '../../../../lib/seasonDisplay';
import type { PanelItem } from '../../../../lib/panelItem';
import { tiersFromRanked } from '../../../../lib/tiers';
import { entriesOf, type CreatorState, type ListFormat } from '../creatorState';
import { droppedBy, rankedFrom, type SortProgress } from './sortProgress';
import page from '../../../../components/Page.module.css';
import styles from './Sorter.module.css';
import { formatMessage, MESSAGES } from '../../../../api/contract';

export const STOP_CONFIRM = MESSAGES.sorterStopConfirm;
export const replaceConfirm = (n: number) => (n === 1 ? MESSAGES.sorterReplaceOne : formatMessage(MESSAGES.sorterReplaceMany, { count: n }));

export type CreatorUpdate = (patch: Partial<CreatorState> | ((s: CreatorState) => Partial<CreatorState>)) => void;

interface Props {
  progress: SortProgress;
  /** The creator's list: what the result replaces, and the notes it keeps. */
  state: Pick<CreatorState, 'format' | 'items' | 'board'>;
  update: CreatorUpdate;
}

const label = (e: PanelItem) => (e.isSeason ? stripSurvivorPrefix(e.name) : e.name);

/** The creator's sorting: its progress lives in the draft, and its result fills the list. */
export function SortSession({ progress, state, update }: Props) {
  /** Fills the ranked list, or the tiers, with the order; the list's other entries go, once the fan agrees. */
  function use(order: readonly string[], format: ListFormat) {
    const dropped = droppedBy(progress, entriesOf(state));
    if (dropped.length > 0 && !window.confirm(replaceConfirm(dropped.length))) return;
    update((s) => {
      const ranked = rankedFrom(progress, order, entriesOf(s));
      const heads = s.board.tiers.map((t) => ({ ...t, items: [] }));
      return format === 'tiers'
        ? { format, items: [], board: tiersFromRanked(ranked, heads), sorter: undefined }
        : { format, items: ranked, board: { tiers: heads, pool: [] }, sorter: undefined };
    });
  }
  return (
    <SortQuestions
      progress={progress}
      onAnswers={(answers) => update({ sorter: { entries: progress.entries, answers } })}
      onStop={() => update({ sorter: undefined })}
      onUse={use}
    />
  );
}

interface QuestionsProps {
  progress: SortProgress;
  /** The answers so far changed: one more, or one undone. */
  onAnswers: (answers: Answer[]) => void;
  /** The fan stopped sorting (agreeing to lose any answers). */
  onStop: () => void;
  /** The fan took the order, best first: as a ranking, or as tiers proposed from it. */
  onUse: (order: readonly string[], format: ListFormat) => void;
  /** What each pair asks, when not "Who do you rank higher?". */
  question?: string;
}

/**
 * 'Rank by choosing' under way: one question at a time, "Who do you rank higher?", two big
 * cards, Undo and 'Too close to call', until the order is known; then it is used as a
 * ranking, or to propose tiers by quantiles. Left and Right choose, Backspace undoes; each
 * question is announced. The creator and a prediction's tools both ask with it.
 */
export function SortQuestions({ progress, onAnswers, onStop, onUse, question = MESSAGES.sorterQuestion }: QuestionsProps) {
  const { entries, answers } = progress;
  const ids = useMemo(() => entries.map((e) => e.id), [entries]);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const step = useMemo(() => sorterStep(ids, answers), [ids, answers]);
  const headingId = useId();
  const hintId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const done = step.kind === 'done';

  // The sorter comes into view whole, and focus starts on the question and goes to the
  // result (or back to the questions) when either appears, so the keys and a screen reader follow.
  useEffect(() => {
    rootRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [done]);

  function answer(winner: string | null) {
    if (step.kind !== 'ask') return;
    onAnswers([...answers, { a: step.a, b: step.b, winner }]);
  }

  function undo() {
    if (answers.length === 0) return;
    // The Undo button goes when nothing is left to undo: focus stays within the sorter.
    if (answers.length === 1 && document.activeElement === undoRef.current) headingRef.current?.focus();
    onAnswers(answers.slice(0, -1));
  }

  function stop() {
    if (answers.length > 0 && !window.confirm(STOP_CONFIRM)) return;
    onStop();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'Backspace') undo();
    else if (step.kind === 'ask' && e.key === 'ArrowLeft') answer(step.a);
    else if (step.kind === 'ask' && e.key === 'ArrowRight') answer(step.b);
    else return;
    e.preventDefault();
  }

  const asked = answers.length;
  const total = step.kind === 'ask' ? asked + step.left : asked;
  const a = step.kind === 'ask' ? byId.get(step.a) : undefined;
  const b = step.kind === 'ask' ? byId.get(step.b) : undefined;
  const announcement =
    step.kind === 'ask' && a && b
      ? formatMessage(step.left === 1 ? MESSAGES.sorterPairOne : MESSAGES.sorterPairMany, { a: label(a), b: label(b), left: step.left })
      : formatMessage(MESSAGES.sorterDone, { count: entries.length });

  /** The last buttons of every step: Undo (once there is an answer to take back) and Stop sorting. */
  const undoAndStop = (
    <>
      {(done || asked > 0) && (
        <button ref={undoRef} type="button" className={page.buttonGhost} onClick={undo} aria-keyshortcuts="Backspace">
          Undo
        </button>
      )}
      <button type="button" className={styles.stop} onClick={stop}>
        Stop sorting
      </button>
    </>
  );

  return (
    // The keys work wherever focus is inside the sorter: its heading, cards or buttons.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div ref={rootRef} className={styles.session} role="group" aria-labelledby={headingId} aria-describedby={hintId} onKeyDown={onKeyDown}>
      <div className={styles.progressRow}>
        <div className={styles.bar} role="progressbar" aria-label="Sorting progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={asked}>
          <span className={styles.fill} style={{ width: `${total === 0 ? 100 : Math.round((asked / total) * 100)}%` }} />
        </div>
        <span className={styles.left} data-testid="questions-left">
          {step.kind === 'ask' ? `Up to ${step.left} ${step.left === 1 ? 'question' : 'questions'} left` : `Done in ${asked} ${asked === 1 ? 'question' : 'questions'}`}
        </span>
      </div>

      {step.kind === 'ask' && a && b ? (
        <>
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.question}>
            {question}
          </h3>
          <div className={styles.pair}>
            <Card entry={a} side="left" onChoose={() => answer(a.id)} />
            <span className={styles.or} aria-hidden="true">
              or
            </span>
            <Card entry={b} side="right" onChoose={() => answer(b.id)} />
          </div>
          <div className={styles.actions}>
            <button type="button" className={page.buttonGhost} onClick={() => answer(null)}>
              Too close to call
            </button>
            {undoAndStop}
          </div>
        </>
      ) : step.kind === 'done' ? (
        <>
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.question}>
            Your order
          </h3>
          <ol className={styles.result} aria-label="Sorted order">
            {step.order.map((id) => {
              const e = byId.get(id);
              return e ? <li key={id}>{label(e)}</li> : null;
            })}
          </ol>
          <div className={styles.actions}>
            <button type="button" className={page.button} onClick={() => onUse(step.order, 'ranked')}>
              Use this ranking
            </button>
            <button type="button" className={page.buttonGhost} onClick={() => onUse(step.order, 'tiers')}>
              Propose tiers
            </button>
            {undoAndStop}
          </div>
        </>
      ) : null}
      <p id={hintId} className={styles.hint}>
        {done ? MESSAGES.sorterKeysDone : MESSAGES.sorterKeys}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function Card({ entry, side, onChoose }: { entry: PanelItem; side: 'left' | 'right'; onChoose: () => void }) {
  const name = label(entry);
  const meta = entry.isSeason ? 'Season' : stripSurvivorPrefix(entry.seasonName);
  return (
    <button type="button" className={styles.card} onClick={onChoose} aria-keyshortcuts={side === 'left' ? 'ArrowLeft' : 'ArrowRight'}>
      <FallbackImage src={entry.imageUrl} alt="" className={entry.isSeason ? styles.logo : styles.headshot} width={160} height={160} loading="eager" />
      <span className={styles.cardName}>{name}</span>
      {meta && <span className={styles.cardMeta}>{meta}</span>}
    </button>
  );
}
