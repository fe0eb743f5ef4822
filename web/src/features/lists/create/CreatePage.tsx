import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DndContext } from '@dnd-kit/core';
import { PageHero } from '../../../components/PageHero';
import { useIsMobile } from '../../../components/useMediaQuery';
import { useShowFor } from '../../../components/useShowFor';
import { useMe } from '../../../lib/session';
import { pageTitle, usePageTitle } from '../../../lib/pageTitle';
import { PanelPortal } from '../../../components/seasonsPanel/panelSlot';
import { SeasonsPanel } from '../../../components/seasonsPanel/SeasonsPanel';
import type { PanelItem } from '../../../lib/panelItem';
import { isNotFound } from '../api';
import { userMessage } from '../../../api/userMessage';
import { MIX_ALERT, addItem, creatorTypeTag, entriesOf, isBlank, moveItem, refuseAdd, removeItem, savedCount, setNote, type ListFormat, type RankedItem } from './creatorState';
import { POOL, rankedFromTiers, tierReducer, tiersFromRanked, type Slot, type TierAction } from '../../../lib/tiers';
import { TierBoard, containerName } from './TierBoard';
import { useTierDrag } from './useTierDrag';
import { FormatSwitch } from './FormatSwitch';
import { DetailsForm } from './DetailsForm';
import { editingIdFrom } from './editState';
import { remixFrom } from './remixState';
import { DraggablePanelTile, DragPreview } from '../../../components/RankItem';
import { RankingBoard } from './RankingBoard';
import { RankByChoosing } from './sorter/RankByChoosing';
import { SortSession } from './sorter/SortSession';
import { useCreatorDraft } from './useCreatorDraft';
import { useRankingDrag } from './useRankingDrag';
import { useSaveRanking } from './useSaveRanking';
import page from '../../../components/Page.module.css';
import styles from './CreatePage.module.css';
import { MESSAGES } from '../../../api/contract';

export const MIX_MESSAGE_MS = 3000;
export const INSTRUCTIONS = MESSAGES.rankingInstructions;
export const TIER_INSTRUCTIONS = MESSAGES.tierInstructions;
const CLEAR_CONFIRM = MESSAGES.clearListConfirm;

function EditHero() {
  return <PageHero eyebrow="Your ranking" title="Edit Ranking" compact />;
}

function Creator({ editingListId }: { editingListId: string | null }) {
  const { user } = useMe();
  const userId = user?.id ?? '';
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = editingListId !== null;
  usePageTitle(pageTitle(editing ? 'Edit Ranking' : 'Create Ranking'));
  // A remix's start is read once; the tab's copy keeps it from then on, so a reload does not start over.
  const [remix] = useState(() => (editing ? null : remixFrom(location.state)));
  // Its state leaves the history entry once: navigate changes with the location, so without
  // the ref a page still mounted after saving would be sent back to /create.
  const remixCleared = useRef(false);
  useEffect(() => {
    if (!remix || remixCleared.current) return;
    remixCleared.current = true;
    void navigate('/create', { replace: true, state: null });
  }, [remix, navigate]);
  const draft = useCreatorDraft(editingListId, userId, remix);
  const { state, update } = draft;
  const saver = useSaveRanking({ state, userId, editingListId, onSaved: draft.finish, onSaving: draft.hold });
  const [mixMessage, showMix] = useShowFor<string>(MIX_MESSAGE_MS);
  const [sheetOpen, setSheetOpen] = useState(false);
  /** Where a click in the panel adds a tier list's entry: a tier's key, or the pool. */
  const [target, setTarget] = useState<string>(POOL);
  const tiers = state.format === 'tiers';

  function mixed(message: string) {
    if (isMobile) window.alert(MIX_ALERT);
    else showMix(message);
  }

  function add(item: PanelItem, index?: number) {
    const outcome = addItem(state.items, item, index);
    if (outcome.kind === 'mixed') return mixed(outcome.message);
    if (outcome.kind === 'added') update({ items: outcome.items });
  }

  const dispatch = (action: TierAction<RankedItem>) => update((s) => ({ board: tierReducer(s.board, action) }));

  function addToTier(item: PanelItem, slot?: Slot) {
    const refused = refuseAdd(entriesOf(state), item);
    if (refused?.kind === 'mixed') return mixed(refused.message);
    if (refused) return;
    const to = slot?.container ?? (state.board.tiers.some((t) => t.key === target) ? target : POOL);
    dispatch({ type: 'add', item, to, index: slot?.index });
  }

  /** Ranked <-> tiers: the entries keep their order, the tiers their labels and colours. */
  function setFormat(format: ListFormat) {
    if (format === state.format) return;
    update((s) => {
      const heads = s.board.tiers.map((t) => ({ ...t, items: [] }));
      return format === 'tiers'
        ? { format, board: tiersFromRanked(s.items, heads), items: [] }
        : { format, items: rankedFromTiers(s.board), board: { tiers: heads, pool: [] } };
    });
    saver.resetErrors();
  }

  const drag = useRankingDrag({
    items: state.items,
    onAdd: add,
    onMove: (from, to) => update({ items: moveItem(state.items, from, to) }),
    onPanelDragStart: () => {
      if (isMobile) setSheetOpen(false);
    },
  });
  const tierDrag = useTierDrag({
    board: state.board,
    onAdd: addToTier,
    onMove: (id, slot) => dispatch({ type: 'move', id, to: slot.container, index: slot.index }),
    onPanelDragStart: () => {
      if (isMobile) setSheetOpen(false);
    },
    containerName: (c) => containerName(state.board, c),
  });
  const activeDrag = tiers ? tierDrag.activeDrag : drag.activeDrag;

  const addable = {
    onAdd: (item: PanelItem) => {
      if (tiers) addToTier(item);
      else add(item);
      if (isMobile) setSheetOpen(false);
    },
    tile: DraggablePanelTile,
  };

  function clear() {
    if (!isBlank(state) && !window.confirm(CLEAR_CONFIRM)) return;
    saver.resetErrors();
    const format = state.format;
    draft.clear();
    // A cleared tier list stays a tier list: its default tiers, empty.
    if (format === 'tiers') update({ format });
  }

  const { editQuery } = draft;
  if (editing && (editQuery.isPending || userId === '')) {
    return (
      <div className={page.page}>
        <EditHero />
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{MESSAGES.editLoading}</span>
        </div>
      </div>
    );
  }
  if (editing && editQuery.isError) {
    const notFound = isNotFound(editQuery.error);
    return (
      <div className={page.page}>
        <EditHero />
        <div role="alert" className={styles.errorCard}>
          <p>{notFound ? MESSAGES.editListGone : userMessage(editQuery.error, MESSAGES.editLoadFailed)}</p>
          <div className={page.actions}>
            <button type="button" className={page.button} onClick={() => void navigate('/mylists')}>
              Back to My Lists
            </button>
            {!notFound && (
              <button type="button" className={page.buttonGhost} onClick={() => void editQuery.refetch()}>
                Retry
              </button>
            )}
          </div>
        </div>
      </div>
    );
  }

  const count = entriesOf(state).length;
  const placed = savedCount(state);
  const instructions = tiers ? TIER_INSTRUCTIONS : INSTRUCTIONS;
  return (
    <DndContext {...(tiers ? tierDrag.contextProps : drag.contextProps)}>
      <PanelPortal>
        <SeasonsPanel addable={addable} instructions={instructions} sheet={{ open: sheetOpen, onClose: () => setSheetOpen(false) }} />
      </PanelPortal>

      <div className={`${page.page} ${styles.creator}`}>
        <PageHero eyebrow={editing ? 'Editing your ranking' : 'Your ranking'} title={editing ? 'Edit Ranking' : 'Create Ranking'} compact>
          <p>{instructions}</p>
          {!editing && state.remixOf && (
            <p className={styles.remixing}>
              Remixing <strong>{state.remixOf.name}</strong> by {state.remixOf.userName}
            </p>
          )}
        </PageHero>

        <form className={`${styles.layout} ${tiers ? styles.stacked : ''}`} onSubmit={saver.save} noValidate aria-label={editing ? 'Edit ranking' : 'Create ranking'}>
          <DetailsForm
            state={state}
            update={update}
            editingListId={editingListId}
            userId={userId}
            restored={draft.restored}
            draftStatus={draft.draftStatus}
            saving={saver.saving}
            nameRef={saver.nameRef}
            fieldError={saver.fieldError}
            onNameChange={saver.nameChanged}
            saveError={saver.saveError}
            saveNotice={saver.notice}
            onClear={clear}
          />

          <section className={styles.ranking} aria-labelledby="ranking-heading">
            <div className={styles.rankingHead}>
              <h2 id="ranking-heading" className={page.sectionTitle}>
                {tiers ? 'Your Tier List' : 'Your Ranking'}
              </h2>
              <span className={styles.count}>
                {count} {count === 1 ? 'item' : 'items'}
                {tiers && count > placed && `, ${count - placed} unplaced`}
              </span>
              <span className={styles.typeTag} data-testid="type-tag" title="Ranking type (set automatically)">
                {creatorTypeTag(state) === 'season-ranking' ? 'Season ranking' : 'Survivor ranking'}
              </span>
            </div>
            <FormatSwitch format={state.format} onChange={setFormat} />
            <div className={styles.mixSlot} aria-live="assertive">
              {mixMessage && (
                <p className={styles.mix} role="alert">
                  {mixMessage}
                </p>
              )}
            </div>
            {(saver.fieldError('contestants') ?? saver.fieldError('tiers')) && (
              <p className={styles.fieldError} role="alert">
                {saver.fieldError('contestants') ?? saver.fieldError('tiers')}
              </p>
            )}
            {!state.sorter && <RankByChoosing items={entriesOf(state)} update={update} />}
            {isMobile && !state.sorter && (
              <button type="button" className={styles.openSheet} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
                <span aria-hidden="true">+</span> Add contestants or seasons
              </button>
            )}
            {state.sorter ? (
              <SortSession progress={state.sorter} state={state} update={update} />
            ) : tiers ? (
              <TierBoard board={state.board} dispatch={dispatch} target={target} onTarget={setTarget} activeDrag={tierDrag.activeDrag} hint={tierDrag.hint} isMobile={isMobile} />
            ) : (
              <RankingBoard
                items={state.items}
                isMobile={isMobile}
                activeDrag={drag.activeDrag}
                dropHint={drag.dropHint}
                onRemove={(item) => update((s) => ({ items: removeItem(s.items, item.id) }))}
                onNote={(item, note) => update((s) => ({ items: setNote(s.items, item.id, note) }))}
              />
            )}
          </section>
        </form>
      </div>

      <DragPreview drag={activeDrag} />
    </DndContext>
  );
}

export default function CreatePage() {
  const location = useLocation();
  const editingListId = editingIdFrom(location.state);
  return <Creator key={editingListId ?? 'new'} editingListId={editingListId} />;
}
