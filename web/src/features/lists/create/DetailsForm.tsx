import { useId, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { TAG_LABELS, USER_TAGS, type UserTag } from '../../../lib/tags';
import { DESCRIPTION_MAX, NAME_MAX } from '../api';
import { savedCount, type CreatorState } from './creatorState';
import type { DraftStatus } from './useCreatorDraft';
import type { FieldName } from './useSaveRanking';
import page from '../../../components/Page.module.css';
import styles from './CreatePage.module.css';
import { MESSAGES } from '../../../api/contract';

interface Props {
  state: CreatorState;
  update: (patch: Partial<CreatorState> | ((s: CreatorState) => Partial<CreatorState>)) => void;
  editingListId: string | null;
  userId: string;
  restored: boolean;
  draftStatus: DraftStatus;
  saving: boolean;
  nameRef: RefObject<HTMLInputElement | null>;
  fieldError: (field: FieldName) => string | null;
  onNameChange: (value: string) => void;
  saveError: string | null;
  saveNotice: string | null;
  onClear: () => void;
}

function FieldError({ text, id }: { text: string | null; id?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={styles.fieldError} role="alert">
      {text}
    </p>
  );
}

const DRAFT_TEXT: Record<Exclude<DraftStatus, 'idle'>, string> = {
  saving: MESSAGES.draftSaving,
  saved: 'Draft saved',
  error: MESSAGES.draftNotSaved,
  kept: MESSAGES.draftKeptOffline,
};

/** The list's name, description, tags and visibility, with Save, Clear and (editing) Cancel. */
export function DetailsForm({ state, update, editingListId, userId, restored, draftStatus, saving, nameRef, fieldError, onNameChange, saveError, saveNotice, onClear }: Props) {
  const navigate = useNavigate();
  const editing = editingListId !== null;
  const ids = { name: useId(), description: useId(), nameHelp: useId(), descHelp: useId(), pub: useId() };
  const nameError = fieldError('name');

  function toggleTag(tag: UserTag) {
    update({ tags: state.tags.includes(tag) ? state.tags.filter((t) => t !== tag) : [...state.tags, tag] });
  }

  return (
    <section className={styles.details} aria-labelledby={`${ids.name}-h`}>
      <h2 id={`${ids.name}-h`} className={page.sectionTitle}>
        Details
      </h2>
      {restored && (
        <p className={styles.restored} role="status">
          {editing ? MESSAGES.changesRestored : MESSAGES.draftRestored}
        </p>
      )}
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={ids.name}>List name</label>
          <span className={styles.counter} id={ids.nameHelp} aria-live="polite">
            {`${state.name.length}/${NAME_MAX}`}
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
            onNameChange(e.target.value);
          }}
        />
        <FieldError id={`${ids.name}-err`} text={nameError} />
      </div>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={ids.description}>Description</label>
          <span className={styles.counter} id={ids.descHelp}>
            {`${state.description.length}/${DESCRIPTION_MAX}`}
          </span>
        </div>
        <textarea
          id={ids.description}
          className={`${styles.input} ${styles.textarea}`}
          value={state.description}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          placeholder={MESSAGES.descriptionPlaceholder}
          aria-describedby={ids.descHelp}
          onChange={(e) => update({ description: e.target.value })}
        />
        <FieldError text={fieldError('description')} />
      </div>
      <fieldset className={styles.tags}>
        <legend>Tags</legend>
        <div className={styles.tagRow}>
          {USER_TAGS.map((t) => {
            const on = state.tags.includes(t);
            return (
              <button key={t} type="button" className={`${styles.tag} ${on ? styles.tagOn : ''}`} aria-pressed={on} onClick={() => toggleTag(t)}>
                {TAG_LABELS[t]}
              </button>
            );
          })}
        </div>
        <FieldError text={fieldError('tags')} />
      </fieldset>
      <div className={styles.switchRow}>
        <button
          type="button"
          role="switch"
          aria-checked={state.isPublic}
          className={`${styles.switch} ${state.isPublic ? styles.switchOn : ''}`}
          onClick={() => update({ isPublic: !state.isPublic })}
          aria-describedby={ids.pub}
        >
          <span className={styles.knob} aria-hidden="true" />
          <span className={styles.switchLabel}>Public</span>
        </button>
        <span id={ids.pub} className={styles.hint}>
          {state.isPublic ? MESSAGES.listPublicHint : MESSAGES.listPrivateHint}
        </span>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={page.button} disabled={saving || savedCount(state) === 0}>
          {saving ? 'Saving…' : editing ? 'Save Changes' : 'Save List'}
        </button>
        <button type="button" className={page.buttonGhost} onClick={onClear} disabled={saving}>
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
          {DRAFT_TEXT[draftStatus]}
        </p>
      )}
    </section>
  );
}
