import { useId, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import { Field, FormMessage, fieldProps, useFocusError } from './fields';
import { fieldError, ordinal, useRecordBoot, type BootInput, type FieldError, type GameCastaway, type GameSeason } from './onairApi';
import styles from './OnAir.module.css';

const FIELDS = ['episode', 'episodeTitle', 'airDate', 'day', 'castaway', 'result', 'votes'] as const;

/** The tribe a castaway is on now: the last they moved to. */
function tribeOf(c: GameCastaway): string {
  return c.tribes.at(-1) ?? c.originalTribe;
}

interface Props {
  season: GameSeason;
  /** The castaways still in the game, by name. */
  playing: GameCastaway[];
  onRecorded: (season: GameSeason, body: BootInput) => void;
}

/**
 * 'Record a boot': the episode, who left and how (the next place prefilled), and whom each
 * castaway still in the game voted for. A refusal shows beside the field it names.
 */
export function RecordBootForm({ season, playing, onRecorded }: Props) {
  const uid = useId();
  const form = useRef<HTMLFormElement>(null);
  const last = season.boots.at(-1);
  const [episode, setEpisode] = useState(String((last?.episode ?? 0) + 1));
  const [title, setTitle] = useState('');
  const [airDate, setAirDate] = useState('');
  const [day, setDay] = useState('');
  const [castaway, setCastaway] = useState('');
  const [result, setResult] = useState(`${ordinal(season.boots.length + 1)} voted out`);
  const [votes, setVotes] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<FieldError | null>(null);
  const record = useRecordBoot(season.id);
  const refused = useMemo(() => (record.isError ? fieldError(record.error) : null), [record.isError, record.error]);
  const error = invalid ?? refused;
  useFocusError(form, error);
  const id = (field: string) => `${uid}-${field}`;
  const byTribe = [...playing].sort((a, b) => tribeOf(a).localeCompare(tribeOf(b)) || a.name.localeCompare(b.name));
  const tribes = [...new Set(byTribe.map(tribeOf))];

  function submit() {
    const n = Number.parseInt(episode, 10);
    if (castaway === '') return setInvalid({ field: 'castaway', text: MESSAGES.onAirWhoLeft });
    if (!(n >= 1)) return setInvalid({ field: 'episode', text: MESSAGES.onAirEpisodeRequired });
    setInvalid(null);
    const body: BootInput = {
      episode: n,
      episodeTitle: title.trim() || undefined,
      airDate: airDate || undefined,
      day: Number.parseInt(day, 10) || 0,
      castaway,
      result: result.trim(),
      votes: byTribe.flatMap((c) => {
        const target = votes[c.id];
        return target ? [{ voter: c.id, target }] : [];
      }),
    };
    record.mutate(body, { onSuccess: (s) => onRecorded(s, body) });
  }

  return (
    <form
      ref={form}
      className={styles.form}
      aria-labelledby={`${uid}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id={`${uid}-title`} className={styles.title}>
        Record a boot
      </h3>
      <div className={styles.fields}>
        <Field id={id('episode')} label="Episode" field="episode" error={error}>
          <input {...fieldProps(id('episode'), 'episode', error)} className={styles.input} type="number" min={1} max={99} inputMode="numeric" value={episode} onChange={(e) => setEpisode(e.target.value)} />
        </Field>
        <Field id={id('day')} label="Day" field="day" error={error}>
          <input {...fieldProps(id('day'), 'day', error)} className={styles.input} type="number" min={1} max={100} inputMode="numeric" value={day} onChange={(e) => setDay(e.target.value)} />
        </Field>
        <Field id={id('episodeTitle')} label="Episode title" field="episodeTitle" error={error} wide>
          <input {...fieldProps(id('episodeTitle'), 'episodeTitle', error)} className={styles.input} value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field id={id('castaway')} label="Who left" field="castaway" error={error} wide>
          <select {...fieldProps(id('castaway'), 'castaway', error)} className={styles.select} value={castaway} onChange={(e) => setCastaway(e.target.value)}>
            <option value="">Choose a castaway</option>
            {playing.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('result')} label="How they left" field="result" error={error}>
          <input {...fieldProps(id('result'), 'result', error)} className={styles.input} value={result} maxLength={60} onChange={(e) => setResult(e.target.value)} />
        </Field>
        <Field id={id('airDate')} label="Air date" field="airDate" error={error}>
          <input {...fieldProps(id('airDate'), 'airDate', error)} className={styles.input} type="date" value={airDate} onChange={(e) => setAirDate(e.target.value)} />
        </Field>
      </div>
      <fieldset className={styles.votes} aria-describedby={`${uid}-votes-hint`}>
        <legend className={styles.subtitle}>Votes</legend>
        <p id={`${uid}-votes-hint`} className={styles.muted}>
          {MESSAGES.onAirVotesHint}
        </p>
        {error?.field === 'votes' && (
          <p id={`${id('votes')}-error`} className={styles.error} tabIndex={-1} data-error-for="votes">
            {error.text}
          </p>
        )}
        {tribes.map((tribe) => (
          <fieldset key={tribe} className={styles.tribe}>
            <legend className={styles.label}>{tribe}</legend>
            {byTribe
              .filter((c) => tribeOf(c) === tribe)
              .map((c) => (
                <div key={c.id} className={styles.vote}>
                  <label htmlFor={`${uid}-vote-${c.id}`}>{c.name}</label>
                  <select
                    id={`${uid}-vote-${c.id}`}
                    className={styles.select}
                    value={votes[c.id] ?? ''}
                    onChange={(e) => setVotes({ ...votes, [c.id]: e.target.value })}
                    aria-invalid={error?.field === 'votes' || undefined}
                    aria-describedby={error?.field === 'votes' ? `${id('votes')}-error` : undefined}
                  >
                    <option value="">No vote</option>
                    {playing
                      .filter((t) => t.id !== c.id)
                      .map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                        </option>
                      ))}
                  </select>
                </div>
              ))}
          </fieldset>
        ))}
      </fieldset>
      <FormMessage error={error} fields={FIELDS} />
      <div className={styles.buttons}>
        <button type="submit" className={page.button} disabled={record.isPending} aria-busy={record.isPending || undefined}>
          {record.isPending ? 'Recording…' : 'Record the boot'}
        </button>
      </div>
    </form>
  );
}
