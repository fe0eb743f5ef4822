import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { RelativeTime } from '../../components/RelativeTime';
import { deviceName, END_FAILED, networkLabel, sessionLabel, SESSIONS_FAILED, useEndOtherSessions, useEndSession, useMySessions, type SignedInSession } from './sessionsApi';
import { LoadFailed } from '../../components/Failure';
import page from '../../components/Page.module.css';
import ui from '../../components/ui.module.css';
import styles from './Sessions.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

/** The account page's 'Where you're signed in': every session of the fan's, each with Sign out, and Sign out of all others. */
export function SignedInSessions({ titleClass }: { titleClass?: string }) {
  const uid = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sessions = useMySessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const navigate = useNavigate();
  const [done, setDone] = useState('');
  const [confirming, setConfirming] = useState(false);
  // This device first, then the others as the server orders them: the most recently used first.
  const list = [...(sessions.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((s) => !s.current).length;

  function endOne(s: SignedInSession) {
    setDone('');
    endOthers.reset();
    end.mutate(s, {
      onSuccess: () => {
        if (s.current) {
          void navigate('/login', { replace: true });
          return;
        }
        setDone(formatMessage(MESSAGES.signedOutSession, { session: sessionLabel(s) }));
        // The row and its button are gone: keep the keyboard in the section.
        titleRef.current?.focus();
      },
    });
  }

  function endAllOthers() {
    setDone('');
    end.reset();
    endOthers.mutate(undefined, {
      onSuccess: () => {
        setDone(others === 1 ? MESSAGES.signedOutOthersOne : formatMessage(MESSAGES.signedOutOthersMany, { count: others }));
        titleRef.current?.focus();
      },
    });
  }

  const failed = end.isError ? end.error : endOthers.isError ? endOthers.error : null;
  return (
    <section className={page.section} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={titleClass} ref={titleRef} tabIndex={-1}>
        {"Where you're signed in"}
      </h2>
      <p className={ui.hint}>
        {MESSAGES.sessionPlaces}
      </p>
      {sessions.isPending ? (
        <p className={ui.hint} role="status">
          Loading…
        </p>
      ) : sessions.isError ? (
        <LoadFailed message={userMessage(sessions.error, SESSIONS_FAILED)} onRetry={() => void sessions.refetch()} className={ui.error} buttonClassName={ui.textButton} inline />
      ) : list.length === 0 ? (
        <p className={ui.hint}>{MESSAGES.noSessions}</p>
      ) : (
        <ul className={ui.stack}>
          {list.map((s) => (
            <SessionRow key={s.id} session={s} busy={end.isPending && end.variables?.id === s.id} onEnd={endOne} confirming={s.current && confirming} onConfirm={setConfirming} />
          ))}
        </ul>
      )}
      {sessions.data?.more && <p className={ui.hint}>{MESSAGES.sessionsMore}</p>}
      {failed && (
        <p role="alert" className={ui.error}>
          {userMessage(failed, END_FAILED)}
        </p>
      )}
      <div className={styles.actions}>
        {others > 0 && (
          <button type="button" className={page.buttonGhost} onClick={endAllOthers} disabled={endOthers.isPending} aria-busy={endOthers.isPending || undefined}>
            {endOthers.isPending ? MESSAGES.signingOut : 'Sign out of all other sessions'}
          </button>
        )}
        <p role="status" className={ui.hint}>
          {done}
        </p>
      </div>
    </section>
  );
}

interface RowProps {
  session: SignedInSession;
  busy: boolean;
  onEnd: (s: SignedInSession) => void;
  /** This device's row is asking to confirm. */
  confirming: boolean;
  onConfirm: (asking: boolean) => void;
}

function SessionRow({ session: s, busy, onEnd, confirming, onConfirm }: RowProps) {
  const label = sessionLabel(s);
  const place = networkLabel(s.network);
  return (
    <li className={`${styles.row} ${s.current ? styles.current : ''}`}>
      <div className={styles.what}>
        <span className={styles.label}>
          {label}
          {s.current && <span className={styles.badge}>This device</span>}
        </span>
        <span className={ui.hint}>
          {deviceName(s.device)} · <span className={styles.place}>{place}</span> ·{' '}
          {s.current ? (
            'active now'
          ) : (
            <>
              last active <RelativeTime iso={s.lastSeenAt} />
            </>
          )}
        </span>
      </div>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label="Confirm signing out of this device">
          <span className={ui.hint}>{MESSAGES.signOutThisDevice}</span>
          <button type="button" className={page.button} onClick={() => onEnd(s)} disabled={busy} aria-busy={busy || undefined}>
            {busy ? MESSAGES.signingOut : 'Yes, sign out'}
          </button>
          <button type="button" className={page.buttonGhost} onClick={() => onConfirm(false)} autoFocus>
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={page.buttonGhost}
          onClick={() => (s.current ? onConfirm(true) : onEnd(s))}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={`Sign out ${s.current ? 'this device' : `${label} at ${place}`}`}
        >
          {busy ? MESSAGES.signingOut : 'Sign out'}
        </button>
      )}
    </li>
  );
}
