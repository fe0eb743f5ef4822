import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import { browserOffline } from '../../../lib/network';
import { dropKeptDraft, keepDraft, readKeptDraft } from '../../../lib/keptDraft';
import { useMe } from '../../../lib/session';
import { awaitingSignIn } from '../../../lib/sessionGone';
import { keepTabText, readTabText } from '../../../lib/tabText';
import { useNetworkState } from '../../../lib/useNetworkState';
import { DESCRIPTION_MAX, NAME_MAX, fetchList, toItemInput, useDeleteDraft, useDraft, useSaveDraft } from '../api';
import { fromSorter, toSorterInput } from './sorter/sortProgress';
import { EMPTY_CREATOR, cleanTags, isBlank, parseCreator, readStoredCreator, storeCreator, type CreatorState } from './creatorState';
import { boardFrom, listShape } from './listShape';

export const DRAFT_DELAY_MS = 2000;

/** 'kept': offline, the draft waits on this device (lib/keptDraft). */
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'error' | 'kept';

/** Where the tab keeps the unsaved changes to a list being edited (lib/tabText). */
const editKey = (listId: string) => `edit:${listId}`;

/**
 * The creator's state and where it comes from and goes: the list being edited (or the
 * tab's copy of its unsaved changes), a remix's start, or for a new list this tab's copy,
 * else the draft kept on this device while offline, else the server draft; changes go to
 * the tab's copy at once and, for a new list, to the server draft 2 s after the last one,
 * or, with no connection, to this device until there is one.
 */
export function useCreatorDraft(editingListId: string | null, userId: string, remix: CreatorState | null = null) {
  const editing = editingListId !== null;
  const [editCopy] = useState(() => (editing ? parseCreator(readTabText(editKey(editingListId))) : null));
  const [state, setState] = useState<CreatorState>(() => (editing ? (editCopy ?? EMPTY_CREATOR) : (remix ?? readStoredCreator() ?? EMPTY_CREATOR)));
  const touched = useRef(editCopy !== null || (!editing && (remix !== null || !isBlank(state))));
  const [restored, setRestored] = useState(editCopy !== null);
  const [keptHere, setKeptHere] = useState(false);
  /** The state the server draft last took (JSON): going offline with nothing new keeps nothing. */
  const savedAs = useRef<string | null>(null);
  // Coming back online sends what waited (the autosave below runs again).
  const online = useNetworkState() !== 'offline';
  /** Set once the list is saved: the draft is done with. */
  const finished = useRef(false);
  /** Set while the list is being saved: a draft written now would outlive the saved list. */
  const held = useRef(false);
  const saveDraft = useSaveDraft(() => !finished.current);
  const deleteDraft = useDeleteDraft();

  // Edit mode: the owner's list, fresh from the server.
  const editQuery = useQuery({
    queryKey: queryKeys.lists.detail(userId, editingListId ?? ''),
    queryFn: ({ signal }) => fetchList(userId, editingListId ?? '', signal),
    enabled: editing && userId !== '',
    retry: false,
    staleTime: 0,
  });
  const loadedFor = useRef<string | null>(editCopy ? editingListId : null);
  useEffect(() => {
    const list = editQuery.data;
    if (!list || loadedFor.current === list.id) return;
    loadedFor.current = list.id;
    setState({ ...EMPTY_CREATOR, name: list.name, description: list.description, tags: cleanTags(list.tags), ...listShape(list), isPublic: list.isPublic });
  }, [editQuery.data]);

  // Editing, the tab keeps the changes too, for a reload or a session ended elsewhere and
  // the sign-in that brings the fan back; leaving the page otherwise lets them go. Written
  // in the commit, as the tab's copy of a new list is: a reload right after a change keeps it.
  useLayoutEffect(() => {
    if (editingListId === null || !touched.current || finished.current) return;
    keepTabText(editKey(editingListId), JSON.stringify(state));
  }, [editingListId, state]);
  useEffect(() => {
    if (editingListId === null) return;
    return () => {
      if (!awaitingSignIn()) keepTabText(editKey(editingListId), '');
    };
  }, [editingListId]);

  // A blank new creator picks up the draft kept on this device while offline (newer than
  // the server's, which it had not reached), once the server says whose creator this is:
  // the fan only remembered here offline may have signed out everywhere since.
  const { recalled } = useMe();
  useEffect(() => {
    if (editing || touched.current || userId === '' || recalled) return;
    const kept = parseCreator(readKeptDraft(userId));
    if (!kept || isBlank(kept)) return;
    touched.current = true;
    setState(kept);
    setRestored(true);
  }, [editing, userId, recalled]);

  // A blank new creator picks up the server draft.
  const draftQuery = useDraft(!editing && userId !== '');
  useEffect(() => {
    const draft = draftQuery.data;
    if (!draft || touched.current) return;
    const origin = draft.remixOf;
    const next: CreatorState = {
      name: draft.name,
      description: draft.description,
      tags: cleanTags(draft.tags),
      ...listShape(draft),
      board: boardFrom(draft.tiers, draft.pool),
      isPublic: draft.isPublic,
      remixOf: origin?.name !== undefined && origin.userName !== undefined ? { userId: origin.userId, listId: origin.listId, name: origin.name, userName: origin.userName } : undefined,
      sorter: fromSorter(draft.sorter),
    };
    if (isBlank(next)) return;
    touched.current = true;
    setState(next);
    setRestored(true);
  }, [draftQuery.data]);

  // Autosave: the tab's copy at once, the server draft 2 s after the last change; with no
  // connection, this device's copy until the server can take it.
  const { mutate: putDraft } = saveDraft;
  // A creator emptied by hand (the last entry removed, a sorting stopped) empties the
  // server's draft too, or a reload would bring back what was let go.
  const serverHasDraft = !!draftQuery.data;
  // The tab's copy is written in the commit, before the browser can run a reload.
  useLayoutEffect(() => {
    if (!editing && touched.current && !finished.current) storeCreator(state);
  }, [state, editing]);
  useEffect(() => {
    if (editing || !touched.current || finished.current) return;
    if ((isBlank(state) && !serverHasDraft) || userId === '') return;
    const json = JSON.stringify(state);
    const keep = () => {
      keepDraft(userId, json);
      setKeptHere(true);
    };
    const t = window.setTimeout(() => {
      if (held.current || finished.current) return;
      if (!online || browserOffline()) {
        if (json !== savedAs.current) keep();
        return;
      }
      if (json === savedAs.current && !keptHere) return;
      setKeptHere(false);
      putDraft(
        {
          name: state.name.slice(0, NAME_MAX),
          description: state.description.slice(0, DESCRIPTION_MAX),
          tags: state.tags,
          ...(state.format === 'tiers'
            ? {
                format: 'tiers' as const,
                tiers: state.board.tiers.map((t) => ({ label: t.label.trim(), color: t.color, contestants: t.items.map(toItemInput) })),
                pool: state.board.pool.map(toItemInput),
              }
            : { contestants: state.items.map(toItemInput) }),
          isPublic: state.isPublic,
          remixOf: state.remixOf ? { userId: state.remixOf.userId, listId: state.remixOf.listId } : undefined,
          sorter: state.sorter ? toSorterInput(state.sorter) : undefined,
        },
        {
          onSuccess: () => {
            savedAs.current = json;
            dropKeptDraft(userId);
          },
          onError: (err) => {
            if (err instanceof ApiError && err.code === 'offline') keep();
          },
        },
      );
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [state, editing, userId, putDraft, online, keptHere, serverHasDraft]);

  /** A change to the creator: the fields to set, or a function of the latest state giving them. */
  function update(patch: Partial<CreatorState> | ((s: CreatorState) => Partial<CreatorState>)) {
    touched.current = true;
    setState((s) => ({ ...s, ...(typeof patch === 'function' ? patch(s) : patch) }));
  }

  /** Empties the creator; a new list's drafts (tab and server) go too. */
  function clear() {
    touched.current = true;
    setState(EMPTY_CREATOR);
    setRestored(false);
    saveDraft.reset();
    setKeptHere(false);
    if (!editing) {
      storeCreator(null);
      dropKeptDraft(userId);
      deleteDraft.mutate();
    }
  }

  /** While the list is being saved (on) no draft is written; a failed save lets them go on. */
  function hold(on: boolean) {
    held.current = on;
  }

  /** The list was saved: nothing of the draft is kept. */
  function finish() {
    finished.current = true;
    if (editingListId !== null) {
      keepTabText(editKey(editingListId), '');
    } else {
      storeCreator(null);
      dropKeptDraft(userId);
    }
  }

  const draftStatus: DraftStatus = keptHere
    ? 'kept'
    : saveDraft.isPending
      ? 'saving'
      : saveDraft.isSuccess
        ? 'saved'
        : saveDraft.isError
          ? 'error'
          : 'idle';

  return { state, update, clear, hold, finish, restored, draftStatus, editQuery };
}
