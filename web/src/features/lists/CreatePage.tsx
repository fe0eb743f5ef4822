import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type MouseEvent as ReactMouseEvent, type ReactNode, type TouchEvent as ReactTouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { api } from '../../api/client';
import { FallbackImage } from '../../components/FallbackImage';
import { PageHero } from '../../components/PageHero';
import { CloseIcon } from '../../components/icons';
import { useIsMobile } from '../../components/useMediaQuery';
import { useMe } from '../auth/useMe';
import { PanelPortal } from '../seasons/panelSlot';
import { SeasonsPanel, type AddableTileProps } from '../seasons/SeasonsPanel';
import { stripSurvivorPrefix } from '../seasons/seasonDisplay';
import type { PanelItem } from '../seasons/types';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  TAGS,
  draftKey,
  errorField,
  failure,
  fetchDraft,
  fetchList,
  listKey,
  messageOf,
  toItemInput,
  userListsKey,
  type Draft,
  type RankedList,
  type TagId,
} from './api';
import {
  EMPTY_CREATOR,
  MIX_ALERT,
  addItem,
  cleanTags,
  creatorTypeTag,
  isBlank,
  moveItem,
  readStoredCreator,
  removeItem,
  storeCreator,
  type CreatorState,
} from './creatorState';
import page from '../../components/Page.module.css';
import styles from './CreatePage.module.css';

export const DRAFT_DELAY_MS = 2000;
export const MIX_MESSAGE_MS = 3000;
export const INSTRUCTIONS = 'Click contestants to add them to your ranking list or drag them for precise positioning.';
const CLEAR_CONFIRM = 'Are you sure you want to clear this list? This action cannot be undone.';
const LIST_DROP_ID = 'ranking-list';
const PANEL_PREFIX = 'panel:';
const ITEM_PREFIX = 'item:';

/** Navigation state that opens the creator on an existing list. */
export interface EditState {
  editingListId: string;
}

function editingIdFrom(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'editingListId' in state) {
    const id = (state as { editingListId: unknown }).editingListId;
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}

const itemDndId = (item: PanelItem) => `${ITEM_PREFIX}${item.id}`;

interface DragData {
  item: PanelItem;
  fromPanel: boolean;
}

function dragData(data: { current?: Record<string, unknown> | undefined } | undefined): DragData | null {
  const cur = data?.current;
  if (!cur || typeof cur.item !== 'object' || cur.item === null) return null;
  return { item: cur.item as PanelItem, fromPanel: cur.fromPanel === true };
}

/** A create-mode contestant in the seasons panel: click (or Enter) adds it, a drag places it. */
function DraggablePanelTile({ item, label, className, onAdd, children }: AddableTileProps) {
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
  item: PanelItem;
  index: number;
  dropHint: 'before' | 'after' | null;
  onRemove: (item: PanelItem) => void;
}

function SortableRow({ item, index, dropHint, onRemove }: RowProps) {
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

/** Only the list's items (and the list itself) are drop targets; a panel drag must be over the list. */
const collision: CollisionDetection = (args) => {
  const fromPanel = String(args.active.id).startsWith(PANEL_PREFIX);
  const items = args.droppableContainers.filter((c) => String(c.id).startsWith(ITEM_PREFIX));
  if (!fromPanel) return closestCenter({ ...args, droppableContainers: items });
  const within = pointerWithin(args);
  if (within.length === 0) return [];
  const near = closestCenter({ ...args, droppableContainers: items });
  const first = near[0];
  return first ? [first] : within.filter((c) => c.id === LIST_DROP_ID);
};

function useTimedMessage(ms: number): [string | null, (m: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const [serial, setSerial] = useState(0);
  useEffect(() => {
    if (message === null) return;
    const t = window.setTimeout(() => setMessage(null), ms);
    return () => window.clearTimeout(t);
  }, [message, serial, ms]);
  const show = useCallback((m: string) => {
    setMessage(m);
    setSerial((s) => s + 1);
  }, []);
  return [message, show];
}

interface CreatorProps {
  editingListId: string | null;
}

function Creator({ editingListId }: CreatorProps) {
  const { user } = useMe();
  const userId = user?.id ?? '';
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = editingListId !== null;

  const [state, setState] = useState<CreatorState>(() => (editing ? EMPTY_CREATOR : (readStoredCreator() ?? EMPTY_CREATOR)));
  const touched = useRef(!editing && !isBlank(state));
  const [mixMessage, showMix] = useTimedMessage(MIX_MESSAGE_MS);
  const [saveNotice, showSaveNotice] = useTimedMessage(3000);
  const [nameError, setNameError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [activeDrag, setActiveDrag] = useState<DragData | null>(null);
  const [dropHint, setDropHint] = useState<{ id: UniqueIdentifier; where: 'before' | 'after' } | null>(null);
  const [restored, setRestored] = useState(false);
  const [draftStatus, setDraftStatus] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), description: useId(), tags: useId(), nameHelp: useId(), descHelp: useId(), list: useId() };

  // Edit mode: load the owner's list.
  const editQuery = useQuery({
    queryKey: listKey(userId, editingListId ?? ''),
    queryFn: ({ signal }) => fetchList(userId, editingListId ?? '', signal),
    enabled: editing && userId !== '',
    retry: false,
    staleTime: 0,
  });
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    const list = editQuery.data;
    if (!list || loadedFor.current === list.id) return;
    loadedFor.current = list.id;
    setState({
      name: list.name,
      description: list.description,
      tags: cleanTags(list.tags),
      items: list.contestants,
      isPublic: list.isPublic,
    });
  }, [editQuery.data]);

  // A blank new creator picks up the server draft.
  const draftQuery = useQuery({
    queryKey: draftKey,
    queryFn: ({ signal }) => fetchDraft(signal),
    enabled: !editing && userId !== '',
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    const draft = draftQuery.data;
    if (!draft || touched.current) return;
    const next: CreatorState = {
      name: draft.name,
      description: draft.description,
      tags: cleanTags(draft.tags),
      items: draft.contestants,
      isPublic: draft.isPublic,
    };
    if (isBlank(next)) return;
    touched.current = true;
    setState(next);
    setRestored(true);
  }, [draftQuery.data]);

  // Autosave: the tab's copy at once, the server draft 2 s after the last change.
  const saved = useRef(false);
  useEffect(() => {
    if (editing || !touched.current || saved.current) return;
    storeCreator(state);
    if (isBlank(state) || userId === '') return;
    const t = window.setTimeout(() => {
      setDraftStatus('saving');
      api
        .PUT('/api/me/draft', {
          body: {
            name: state.name.slice(0, NAME_MAX),
            description: state.description.slice(0, DESCRIPTION_MAX),
            tags: state.tags,
            contestants: state.items.map(toItemInput),
            isPublic: state.isPublic,
          },
        })
        .then(({ data }) => {
          if (saved.current) return;
          if (data) queryClient.setQueryData<Draft | null>(draftKey, data);
          setDraftStatus(data ? 'saved' : 'error');
        })
        .catch(() => setDraftStatus('error'));
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [state, editing, userId, queryClient]);

  function update(patch: Partial<CreatorState>) {
    touched.current = true;
    setState((s) => ({ ...s, ...patch }));
  }

  function reportMix(message: string) {
    if (isMobile) window.alert(MIX_ALERT);
    else showMix(message);
  }

  function add(item: PanelItem, index?: number) {
    const outcome = addItem(state.items, item, index);
    if (outcome.kind === 'mixed') {
      reportMix(outcome.message);
      return;
    }
    if (outcome.kind === 'duplicate') return;
    update({ items: outcome.items });
  }

  function addFromPanel(item: PanelItem) {
    add(item);
    if (isMobile) setSheetOpen(false);
  }

  function remove(item: PanelItem) {
    update({ items: removeItem(state.items, item.id) });
  }

  function toggleTag(tag: TagId) {
    update({ tags: state.tags.includes(tag) ? state.tags.filter((t) => t !== tag) : [...state.tags, tag] });
  }

  function clear() {
    if (!isBlank(state) && !window.confirm(CLEAR_CONFIRM)) return;
    touched.current = true;
    setState(EMPTY_CREATOR);
    setNameError(null);
    setFieldError(null);
    setSaveError(null);
    setRestored(false);
    setDraftStatus('idle');
    if (!editing) {
      storeCreator(null);
      queryClient.setQueryData<Draft | null>(draftKey, null);
      void api.DELETE('/api/me/draft').catch(() => undefined);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (saving || state.items.length === 0) return;
    setSaveError(null);
    setFieldError(null);
    if (state.name.trim() === '') {
      setNameError('Please enter a name for your list');
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    setSaving(true);
    const body = {
      name: state.name.trim(),
      description: state.description.trim(),
      tags: state.tags,
      contestants: state.items.map(toItemInput),
      isPublic: state.isPublic,
    };
    try {
      const result =
        editingListId !== null
          ? await api.PUT('/api/lists/{userId}/{listId}', { params: { path: { userId, listId: editingListId } }, body })
          : await api.POST('/api/lists', { body });
      const list: RankedList | undefined = result.data;
      if (!list) {
        const fallback =
          editing && result.response.status === 404 ? 'List not found. It may have been deleted.' : 'Failed to save your list. Please try again.';
        const err = failure(result.response, result.error, fallback);
        const field = errorField(result.error);
        if (field === 'name') setNameError(err.message);
        else if (field === 'description' || field === 'tags' || field === 'contestants') setFieldError({ field, message: err.message });
        else setSaveError(err.message);
        return;
      }
      saved.current = true;
      if (!editing) {
        storeCreator(null);
        queryClient.setQueryData<Draft | null>(draftKey, null);
      }
      queryClient.setQueryData(listKey(list.userId, list.id), list);
      void queryClient.invalidateQueries({ queryKey: userListsKey(list.userId) });
      showSaveNotice(editing ? 'List updated!' : 'List saved!');
      void navigate(`/list/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}`, {
        state: { from: 'other', saved: true },
      });
    } catch (err) {
      setSaveError(messageOf(err, 'Failed to save your list. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  // Drag and drop.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function indexOfDndId(id: UniqueIdentifier): number {
    return state.items.findIndex((i) => itemDndId(i) === id);
  }

  function dropTarget(e: DragMoveEvent | DragEndEvent): { index: number; hint: { id: UniqueIdentifier; where: 'before' | 'after' } | null } | null {
    const { over, active } = e;
    if (!over) return null;
    if (over.id === LIST_DROP_ID) return { index: state.items.length, hint: null };
    const idx = indexOfDndId(over.id);
    if (idx < 0) return null;
    const rect = active.rect.current.translated;
    const below = rect ? rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2 : false;
    return { index: below ? idx + 1 : idx, hint: { id: over.id, where: below ? 'after' : 'before' } };
  }

  function onDragStart(e: DragStartEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(data);
    if (data?.fromPanel && isMobile) setSheetOpen(false);
  }

  function onDragMove(e: DragMoveEvent) {
    if (!activeDrag?.fromPanel) return;
    const target = dropTarget(e);
    const hint = target?.hint ?? null;
    setDropHint((h) => (h?.id === hint?.id && h?.where === hint?.where ? h : hint));
  }

  function onDragEnd(e: DragEndEvent) {
    const data = dragData(e.active.data);
    setActiveDrag(null);
    setDropHint(null);
    if (!data || !e.over) return;
    if (data.fromPanel) {
      const target = dropTarget(e);
      if (target) add(data.item, target.index);
      return;
    }
    const from = indexOfDndId(e.active.id);
    const to = indexOfDndId(e.over.id);
    if (from >= 0 && to >= 0 && from !== to) update({ items: moveItem(state.items, from, to) });
  }

  function onDragCancel() {
    setActiveDrag(null);
    setDropHint(null);
  }

  const displayName = (item: PanelItem) => (item.isSeason ? stripSurvivorPrefix(item.name) : item.name);
  function position(id: UniqueIdentifier | undefined): string {
    const n = state.items.length;
    if (id === undefined) return '';
    if (id === LIST_DROP_ID) return `position ${n + 1}`;
    const i = indexOfDndId(id);
    return i < 0 ? '' : `position ${i + 1} of ${n}`;
  }
  const announcements: Announcements = {
    onDragStart({ active }) {
      const d = dragData(active.data);
      if (!d) return undefined;
      return d.fromPanel ? `Picked up ${displayName(d.item)}.` : `Picked up ${displayName(d.item)}. It is at ${position(active.id)}.`;
    },
    onDragOver({ active, over }) {
      const d = dragData(active.data);
      if (!d) return undefined;
      return over ? `${displayName(d.item)} is over ${position(over.id)}.` : `${displayName(d.item)} is no longer over the ranking.`;
    },
    onDragEnd({ active, over }) {
      const d = dragData(active.data);
      if (!d) return undefined;
      return over ? `${displayName(d.item)} was dropped at ${position(over.id)}.` : `${displayName(d.item)} was dropped outside the ranking.`;
    },
    onDragCancel({ active }) {
      const d = dragData(active.data);
      return d ? `Moving ${displayName(d.item)} was cancelled.` : undefined;
    },
  };

  const typeTag = creatorTypeTag(state);
  const nameCount = `${state.name.length}/${NAME_MAX}`;
  const descCount = `${state.description.length}/${DESCRIPTION_MAX}`;

  if (editing && (editQuery.isPending || userId === '')) {
    return (
      <div className={page.page}>
        <PageHero eyebrow="Your ranking" title="Edit Ranking" compact />
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">Loading your list…</span>
        </div>
      </div>
    );
  }
  if (editing && editQuery.isError) {
    const err = editQuery.error;
    const notFound = err !== null && 'status' in err && (err as { status: number }).status === 404;
    return (
      <div className={page.page}>
        <PageHero eyebrow="Your ranking" title="Edit Ranking" compact />
        <div role="alert" className={styles.errorCard}>
          <p>{notFound ? 'Failed to load the list for editing. It may have been deleted.' : 'Failed to load user data for editing.'}</p>
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

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move an item, press space or enter on its handle. Use the up and down arrow keys to change its position, press space or enter again to drop it, or escape to cancel.',
        },
      }}
    >
      <PanelPortal>
        <SeasonsPanel onAddItem={addFromPanel} instructions={INSTRUCTIONS} tile={DraggablePanelTile} sheet={{ open: sheetOpen, onClose: () => setSheetOpen(false) }} />
      </PanelPortal>

      <div className={`${page.page} ${styles.creator}`}>
        <PageHero eyebrow={editing ? 'Editing your ranking' : 'Your ranking'} title={editing ? 'Edit Ranking' : 'Create Ranking'} compact>
          <p>{INSTRUCTIONS}</p>
        </PageHero>

        <form className={styles.layout} onSubmit={(e) => void save(e)} noValidate aria-label={editing ? 'Edit ranking' : 'Create ranking'}>
          <section className={styles.details} aria-labelledby={`${ids.name}-h`}>
            <h2 id={`${ids.name}-h`} className={page.sectionTitle}>
              Details
            </h2>
            {restored && (
              <p className={styles.restored} role="status">
                Your unsaved draft was restored.
              </p>
            )}
            <div className={styles.field}>
              <div className={styles.labelRow}>
                <label htmlFor={ids.name}>List name</label>
                <span className={styles.counter} id={ids.nameHelp} aria-live="polite">
                  {nameCount}
                </span>
              </div>
              <input
                ref={nameRef}
                id={ids.name}
                className={styles.input}
                value={state.name}
                maxLength={NAME_MAX}
                placeholder="e.g. The greatest strategists of all time"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${ids.nameHelp}${nameError ? ` ${ids.name}-err` : ''}`}
                onChange={(e) => {
                  update({ name: e.target.value });
                  if (nameError && e.target.value.trim() !== '') setNameError(null);
                }}
              />
              {nameError && (
                <p id={`${ids.name}-err`} className={styles.fieldError} role="alert">
                  {nameError}
                </p>
              )}
            </div>
            <div className={styles.field}>
              <div className={styles.labelRow}>
                <label htmlFor={ids.description}>Description</label>
                <span className={styles.counter} id={ids.descHelp}>
                  {descCount}
                </span>
              </div>
              <textarea
                id={ids.description}
                className={`${styles.input} ${styles.textarea}`}
                value={state.description}
                maxLength={DESCRIPTION_MAX}
                rows={3}
                placeholder="What is this ranking about?"
                aria-describedby={ids.descHelp}
                onChange={(e) => update({ description: e.target.value })}
              />
              {fieldError?.field === 'description' && (
                <p className={styles.fieldError} role="alert">
                  {fieldError.message}
                </p>
              )}
            </div>
            <fieldset className={styles.tags}>
              <legend>Tags</legend>
              <div className={styles.tagRow}>
                {TAGS.map((t) => {
                  const on = state.tags.includes(t.id);
                  return (
                    <button key={t.id} type="button" className={`${styles.tag} ${on ? styles.tagOn : ''}`} aria-pressed={on} onClick={() => toggleTag(t.id)}>
                      {t.label}
                    </button>
                  );
                })}
              </div>
              {fieldError?.field === 'tags' && (
                <p className={styles.fieldError} role="alert">
                  {fieldError.message}
                </p>
              )}
            </fieldset>
            <div className={styles.switchRow}>
              <button
                type="button"
                role="switch"
                aria-checked={state.isPublic}
                className={`${styles.switch} ${state.isPublic ? styles.switchOn : ''}`}
                onClick={() => update({ isPublic: !state.isPublic })}
                aria-describedby={`${ids.list}-pub`}
              >
                <span className={styles.knob} aria-hidden="true" />
                <span className={styles.switchLabel}>Public</span>
              </button>
              <span id={`${ids.list}-pub`} className={styles.hint}>
                {state.isPublic ? 'Everyone can see this list.' : 'Private: only you can see this list.'}
              </span>
            </div>
            <div className={styles.actions}>
              <button type="submit" className={page.button} disabled={saving || state.items.length === 0}>
                {saving ? 'Saving…' : editing ? 'Save Changes' : 'Save List'}
              </button>
              <button type="button" className={page.buttonGhost} onClick={clear} disabled={saving}>
                Clear
              </button>
              {editing && (
                <button type="button" className={styles.linkButton} onClick={() => void navigate(`/list/${encodeURIComponent(userId)}/${encodeURIComponent(editingListId)}`)}>
                  Cancel
                </button>
              )}
            </div>
            {saveError && (
              <p className={styles.saveError} role="alert">
                {saveError}
              </p>
            )}
            {saveNotice && (
              <p className={styles.saveNotice} role="status">
                {saveNotice}
              </p>
            )}
            {!editing && draftStatus !== 'idle' && (
              <p className={styles.draftStatus} aria-live="polite">
                {draftStatus === 'saving' ? 'Saving draft…' : draftStatus === 'saved' ? 'Draft saved' : 'Draft not saved: check your connection.'}
              </p>
            )}
          </section>

          <section className={styles.ranking} aria-labelledby={ids.list}>
            <div className={styles.rankingHead}>
              <h2 id={ids.list} className={page.sectionTitle}>
                Your Ranking
              </h2>
              <span className={styles.count}>
                {state.items.length} {state.items.length === 1 ? 'item' : 'items'}
              </span>
              <span className={styles.typeTag} data-testid="type-tag" title="Ranking type (set automatically)">
                {typeTag === 'season-ranking' ? 'Season ranking' : 'Survivor ranking'}
              </span>
            </div>
            <div className={styles.mixSlot} aria-live="assertive">
              {mixMessage && (
                <p className={styles.mix} role="alert">
                  {mixMessage}
                </p>
              )}
            </div>
            {fieldError?.field === 'contestants' && (
              <p className={styles.fieldError} role="alert">
                {fieldError.message}
              </p>
            )}
            {isMobile && (
              <button type="button" className={styles.openSheet} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
                <span aria-hidden="true">+</span> Add contestants or seasons
              </button>
            )}
            <RankingDropZone empty={state.items.length === 0} active={activeDrag?.fromPanel === true}>
              {state.items.length === 0 ? (
                <div className={styles.emptyList}>
                  <p className={styles.emptyTitle}>Your ranking is empty</p>
                  <p>
                    {isMobile
                      ? 'Tap “Add contestants or seasons” to pick castaways, or open a season and tap its logo to rank whole seasons.'
                      : 'Pick castaways from the seasons panel, drag them here, or open a season and add the whole season to rank seasons.'}
                  </p>
                </div>
              ) : (
                <SortableContext items={state.items.map(itemDndId)} strategy={verticalListSortingStrategy}>
                  <ol className={styles.list} aria-label="Ranked items">
                    {state.items.map((item, index) => (
                      <SortableRow
                        key={itemDndId(item)}
                        item={item}
                        index={index}
                        dropHint={dropHint?.id === itemDndId(item) ? dropHint.where : null}
                        onRemove={remove}
                      />
                    ))}
                  </ol>
                </SortableContext>
              )}
            </RankingDropZone>
          </section>
        </form>
      </div>

      {createPortal(
        <DragOverlay dropAnimation={null} zIndex={1000}>
          {activeDrag ? (
            <div className={styles.overlay}>
              <ItemFace item={activeDrag.item} />
            </div>
          ) : null}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

export default function CreatePage() {
  const location = useLocation();
  const editingListId = editingIdFrom(location.state);
  return <Creator key={editingListId ?? 'new'} editingListId={editingListId} />;
}
