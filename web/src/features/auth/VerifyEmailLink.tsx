import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FlashState } from '../../lib/flash';
import { errorText } from './authApi';
import { useVerifyEmail, verifyMessages } from './verifyApi';
import styles from './Auth.module.css';
import { MESSAGES } from '../../api/contract';

/**
 * '/login?verify=TOKEN': the mailed link lands here. The token is sent once (it works once),
 * then the fan goes home with the server's sentence; a refused link says why, in place.
 */
export function VerifyEmailLink({ token }: { token: string }) {
  const uid = useId();
  const verify = useVerifyEmail();
  const navigate = useNavigate();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: (res) => void navigate('/', { replace: true, state: { notice: res.message } satisfies FlashState }),
    });
  }, [token, verify, navigate]);

  return (
    <section className={styles.card} aria-labelledby={`${uid}-title`} aria-busy={verify.isPending || undefined}>
      <h2 id={`${uid}-title`} className={styles.cardTitle}>
        Confirm your email address
      </h2>
      {verify.isError ? (
        <>
          <p role="alert" className={styles.error}>
            {errorText(verify.error, verifyMessages.verifyFailed)}
          </p>
          <p className={styles.muted}>
            <Link to="/">Go to the home page</Link>
          </p>
        </>
      ) : (
        <p role="status" className={styles.muted}>
          {MESSAGES.checkingLink}
        </p>
      )}
    </section>
  );
}
