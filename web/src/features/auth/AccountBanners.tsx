import { Link } from 'react-router';
import { useMe } from '../../lib/session';
import { useDismissNotice, useResendVerification, verifyMessages } from './verifyApi';
import { ErrorLine } from '../../components/Failure';
import styles from './AccountBanners.module.css';
import { MESSAGES } from '../../api/contract';
import { Sentence } from '../../components/Sentence';

/** Above every page for a signed-in fan: their address until it is verified, and the server's notice. */
export function AccountBanners() {
  const { user } = useMe();
  if (!user) return null;
  const unverified = user.email !== '' && !user.emailVerified;
  if (!unverified && !user.notice) return null;
  return (
    <div className={styles.banners}>
      {user.notice && <NoticeBanner notice={user.notice} />}
      {unverified && <VerifyBanner email={user.email} />}
    </div>
  );
}

function VerifyBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section className={styles.banner} aria-label="Confirm your email address">
      <p>
        <Sentence message={MESSAGES.confirmEmail} values={{ email: <strong>{email}</strong> }} />
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending…' : 'Resend'}
        </button>
      </div>
      <p role="status" className={resend.isSuccess ? styles.said : 'visually-hidden'}>
        {resend.isSuccess ? resend.data.message : ''}
      </p>
      <ErrorLine request={resend} fallback={verifyMessages.resendFailed} className={styles.error} />
    </section>
  );
}

/** The server clears its notice once a password is set, so it always offers the way there. */
function NoticeBanner({ notice }: { notice: string }) {
  const dismiss = useDismissNotice();
  return (
    <section className={`${styles.banner} ${styles.important}`} aria-label="About your account">
      <p role="status">{notice}</p>
      <div className={styles.actions}>
        <Link to="/account" className={styles.action}>
          Set a password
        </Link>
        <button type="button" className={styles.action} disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          Dismiss
        </button>
      </div>
      <ErrorLine request={dismiss} fallback={verifyMessages.dismissFailed} className={styles.error} />
    </section>
  );
}
