import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { userMessage } from '../../../api/userMessage';
import { useShowFor } from '../../../components/useShowFor';
import { SAVE_ERROR, toItemInput, useSaveList } from '../api';
import { savedCount, type CreatorState } from './creatorState';
import { MESSAGES } from '../../../api/contract';

export const SAVE_NOTICE_MS = 3000;
const NAME_REQUIRED = MESSAGES.listNameRequired;
const GONE = MESSAGES.listGone;
const TIER_LABEL_REQUIRED = MESSAGES.tierLabelRequired;

/** A server message about one field shows under that field. */
const FIELDS = ['name', 'description', 'tags', 'contestants', 'tiers'] as const;
export type FieldName = (typeof FIELDS)[number];

interface Options {
  state: CreatorState;
  userId: string;
  editingListId: string | null;
  /** Called once the list is saved, before the page opens it. */
  onSaved: () => void;
  /** Saving began (true) or failed (false): autosaved drafts wait meanwhile. */
  onSaving?: (saving: boolean) => void;
}

/**
 * Saving the ranking: the name is required; then POST (new) or PUT (edit), and the saved list
 * opens. A server message about a field shows under it, anything else under the buttons.
 */
export function useSaveRanking({ state, userId, editingListId, onSaved, onSaving }: Options) {
  const navigate = useNavigate();
  const editing = editingListId !== null;
  const mutation = useSaveList(userId, editingListId);
  const [nameMissing, setNameMissing] = useState(false);
  const [labelMissing, setLabelMissing] = useState(false);
  const [notice, showNotice] = useShowFor<string>(SAVE_NOTICE_MS);
  const nameRef = useRef<HTMLInputElement>(null);

  const err = mutation.error;
  const serverField = err instanceof ApiError ? FIELDS.find((f) => f === err.field) : undefined;
  let errorText: string | null = null;
  if (err) errorText = editing && err instanceof ApiError && err.status === 404 && err.code === 'http_404' ? GONE : userMessage(err, SAVE_ERROR);

  function fieldError(field: FieldName): string | null {
    if (field === 'name' && nameMissing) return NAME_REQUIRED;
    if (field === 'tiers' && labelMissing && state.format === 'tiers' && state.board.tiers.some((t) => t.label.trim() === '')) return TIER_LABEL_REQUIRED;
    return serverField === field ? errorText : null;
  }

  function save(e: FormEvent) {
    e.preventDefault();
    if (mutation.isPending || savedCount(state) === 0) return;
    mutation.reset();
    if (state.name.trim() === '') {
      setNameMissing(true);
      nameRef.current?.focus();
      return;
    }
    setNameMissing(false);
    const tiers = state.format === 'tiers';
    const unlabelled = tiers && state.board.tiers.some((t) => t.label.trim() === '');
    setLabelMissing(unlabelled);
    if (unlabelled) return;
    const body = {
      name: state.name.trim(),
      description: state.description.trim(),
      tags: state.tags,
      ...(tiers
        ? {
            format: 'tiers' as const,
            // The pool is not part of the list: only what was placed is saved.
            tiers: state.board.tiers.map((t) => ({ label: t.label.trim(), color: t.color, contestants: t.items.map(toItemInput) })),
          }
        : { contestants: state.items.map(toItemInput) }),
      isPublic: state.isPublic,
      remixOf: !editing && state.remixOf ? { userId: state.remixOf.userId, listId: state.remixOf.listId } : undefined,
    };
    onSaving?.(true);
    mutation.mutate(body, {
      onError: () => onSaving?.(false),
      onSuccess: (list) => {
        onSaved();
        showNotice(editing ? MESSAGES.listUpdated : MESSAGES.listSaved);
        void navigate(`/list/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}`, { state: { from: 'other', saved: true } });
      },
    });
  }

  /** The name changed: a complaint about it goes once it is filled in. */
  function nameChanged(value: string) {
    if (value.trim() === '') return;
    setNameMissing(false);
    if (serverField === 'name') mutation.reset();
  }

  function resetErrors() {
    setNameMissing(false);
    setLabelMissing(false);
    mutation.reset();
  }

  return {
    save,
    saving: mutation.isPending,
    nameRef,
    fieldError,
    nameChanged,
    resetErrors,
    /** A failure not about one field. */
    saveError: serverField === undefined ? errorText : null,
    notice,
  };
}
