import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Season } from '../../../api/client';
import { MESSAGES } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import { CastRows, emptyRow, type CastRow } from './CastRows';
import { Field, FieldMessage, FormMessage, fieldProps, useFocusError } from './fields';
import { FRANCHISES } from '../../../lib/seasonDisplay';
import { fieldError, useAddSeason, type CastInput, type Franchise, type GameSeason, type SeasonOnAirInput } from './onairApi';
import styles from './OnAir.module.css';
import select from '../../../components/Select.module.css';

const FIELDS = ['franchise', 'number', 'name', 'location', 'country', 'premiere', 'cast'] as const;

/** The number after the franchise's last season in the catalog. */
function nextNumber(seasons: readonly Season[], franchise: Franchise): string {
  return String(Math.max(0, ...seasons.filter((s) => s.franchise === franchise).map((s) => s.number)) + 1);
}

/** What the filled rows say, as the server takes it: a returning player by id, a newcomer by name; empty fields left out. */
function castInput(r: CastRow): CastInput {
  const text = (v: string) => v.trim() || undefined;
  return {
    ...(r.contestantId ? { contestantId: r.contestantId } : { name: r.name.trim() }),
    tribe: r.tribe.trim(),
    age: r.age === '' ? undefined : Number(r.age),
    hometown: text(r.hometown),
    occupation: r.contestantId ? undefined : text(r.occupation),
  };
}

interface Props {
  seasons: readonly Season[];
  onAdded: (season: GameSeason) => void;
  onCancel: () => void;
}

/** 'Add a season': the season, then its cast as rows. A refusal shows beside the field it names, and nothing typed is lost. */
export function AddSeasonForm({ seasons, onAdded, onCancel }: Props) {
  const uid = useId();
  const form = useRef<HTMLFormElement>(null);
  const [franchise, setFranchise] = useState<Franchise>('US');
  const [number, setNumber] = useState(() => nextNumber(seasons, 'US'));
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [country, setCountry] = useState('');
  const [premiere, setPremiere] = useState('');
  const [cast, setCast] = useState<CastRow[]>(() => [emptyRow(), emptyRow()]);
  const add = useAddSeason();
  const error = useMemo(() => (add.isError ? fieldError(add.error) : null), [add.isError, add.error]);
  useFocusError(form, error);
  const id = (field: string) => `${uid}-${field}`;
  // The moderator asked for the form: start them in it.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('select')?.focus();
  }, []);

  function submit() {
    const body: SeasonOnAirInput = {
      franchise,
      number: Number.parseInt(number, 10) || 0,
      name: name.trim(),
      location: location.trim() || undefined,
      country: country.trim() || undefined,
      premiere,
      cast: cast.map(castInput),
    };
    add.mutate(body, { onSuccess: onAdded });
  }

  return (
    <form
      ref={form}
      className={styles.card}
      aria-labelledby={`${uid}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id={`${uid}-title`} className={styles.title}>
        Add a season
      </h2>
      <div className={styles.fields}>
        <Field id={id('franchise')} label="Franchise" field="franchise" error={error}>
          <select
            {...fieldProps(id('franchise'), 'franchise', error)}
            className={`${styles.select} ${select.select}`}
            value={franchise}
            onChange={(e) => {
              const f = e.target.value as Franchise;
              setFranchise(f);
              setNumber(nextNumber(seasons, f));
            }}
          >
            {FRANCHISES.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('number')} label="Number" field="number" error={error}>
          <input {...fieldProps(id('number'), 'number', error)} className={styles.input} type="number" min={1} max={999} inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} />
        </Field>
        <Field id={id('name')} label="Season name" field="name" error={error} wide>
          <input {...fieldProps(id('name'), 'name', error)} className={styles.input} value={name} maxLength={100} placeholder={`Survivor ${number}`} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id={id('location')} label="Location" field="location" error={error}>
          <input {...fieldProps(id('location'), 'location', error)} className={styles.input} value={location} maxLength={100} onChange={(e) => setLocation(e.target.value)} />
        </Field>
        <Field id={id('country')} label="Country" field="country" error={error}>
          <input {...fieldProps(id('country'), 'country', error)} className={styles.input} value={country} maxLength={100} onChange={(e) => setCountry(e.target.value)} />
        </Field>
        <Field id={id('premiere')} label="Premiere" field="premiere" error={error}>
          <input {...fieldProps(id('premiere'), 'premiere', error)} className={styles.input} type="date" value={premiere} onChange={(e) => setPremiere(e.target.value)} />
        </Field>
      </div>
      <fieldset className={styles.cast} aria-describedby={`${uid}-cast-hint`}>
        <legend className={styles.subtitle}>Cast</legend>
        <p id={`${uid}-cast-hint`} className={styles.muted}>
          {MESSAGES.onAirCastHint}
        </p>
        <FieldMessage id={id('cast')} field="cast" error={error} />
        <CastRows rows={cast} onChange={setCast} seasons={seasons} invalid={error?.field === 'cast'} describedBy={error?.field === 'cast' ? `${id('cast')}-error` : undefined} />
      </fieldset>
      <FormMessage error={error} fields={FIELDS} />
      <div className={styles.buttons}>
        <button type="button" className={page.buttonGhost} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={page.button} disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? 'Adding…' : 'Add the season'}
        </button>
      </div>
    </form>
  );
}
