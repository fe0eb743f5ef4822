import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHero } from '../../components/PageHero';
import { redirectState, redirectTarget } from '../../lib/loginRedirect';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { messages, oauthStartUrl, useProviders, type Provider } from './authApi';
import { GoogleIcon, MailIcon, TwitterIcon } from './authIcons';
import { EmailAuthForm } from './EmailAuthForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { VerifyEmailLink } from './VerifyEmailLink';
import page from '../../components/Page.module.css';
import styles from './Auth.module.css';
import { suspendedMessage } from './suspended';
import { formatMessage, MESSAGES } from '../../api/contract';

const providerInfo: Record<Provider, { label: string; icon: ReactNode }> = {
  google: { label: 'Google', icon: <GoogleIcon /> },
  twitter: { label: 'Twitter', icon: <TwitterIcon /> },
};

function ProviderButton({ provider, enabled, loading, redirect }: { provider: Provider; enabled: boolean; loading: boolean; redirect: string }) {
  const hintId = useId();
  const { label, icon } = providerInfo[provider];
  const text = `Sign in with ${label}`;
  if (loading) {
    return (
      <button type="button" className={`${styles.provider} ${styles[provider]}`} disabled aria-busy="true">
        <span className={styles.providerIcon}>{icon}</span>
        {text}
      </button>
    );
  }
  if (!enabled) {
    const hint = formatMessage(MESSAGES.providerNotConfigured, { provider: label });
    return (
      <div className={styles.providerSlot}>
        <button type="button" className={`${styles.provider} ${styles[provider]}`} disabled title={hint} aria-describedby={hintId}>
          <span className={styles.providerIcon}>{icon}</span>
          {text}
        </button>
        <p id={hintId} className={styles.providerHint}>
          {hint}
        </p>
      </div>
    );
  }
  // Provider sign-in is a full-page trip to the provider and back, so this is a link.
  return (
    <a href={oauthStartUrl(provider, redirect)} className={`${styles.provider} ${styles[provider]}`}>
      <span className={styles.providerIcon}>{icon}</span>
      {text}
    </a>
  );
}

/** What the server's OAuth callback reported in `/login?error=...`. Google failures are only logged (spec section 8). */
function OAuthNotice({ error, until, onDismiss }: { error: string | null; until: string | null; onDismiss: () => void }) {
  useEffect(() => {
    if (error === 'google_failed') console.warn('Google sign-in failed');
  }, [error]);
  let body: ReactNode = null;
  if (error === 'account_exists') {
    body = (
      <>
        <strong>{messages.accountExists}</strong> {MESSAGES.accountExistsHint}
      </>
    );
  } else if (error === 'twitter_failed') {
    body = messages.twitterFailed;
  } else if (error === 'account_suspended') {
    body = suspendedMessage(until);
  }
  if (!body) return null;
  return (
    <div role="alert" className={styles.notice}>
      <p>{body}</p>
      <button type="button" className={styles.noticeClose} aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  usePageTitle(pageTitle('Sign In'));
  const providers = useProviders();
  const emailRef = useRef<HTMLInputElement>(null);
  const emailSectionId = useId();
  const target = redirectTarget(location.state);
  const resetToken = params.get('reset');
  const verifyToken = params.get('verify');
  const oauthError = params.get('error');

  function dropParam(name: string) {
    const next = new URLSearchParams(params);
    next.delete(name);
    setParams(next, { replace: true, state: location.state as unknown });
  }

  const loadingProviders = providers.isPending;
  const enabled = providers.data ?? { google: false, twitter: false };

  return (
    <div className={page.page}>
      <PageHero eyebrow="Come on in, guys" title="Sign In Required" compact>
        <p>{MESSAGES.signInRequired}</p>
      </PageHero>

      <div className={styles.layout}>
        {verifyToken ? (
          <VerifyEmailLink token={verifyToken} />
        ) : resetToken ? (
          <ResetPasswordForm
            token={resetToken}
            onDone={() => void navigate('/', { replace: true })}
            onCancel={() => dropParam('reset')}
          />
        ) : (
          <section className={styles.card} aria-labelledby="login-title">
            <h2 id="login-title" className={styles.cardTitle}>
              Choose how to sign in
            </h2>
            <OAuthNotice error={oauthError} until={params.get('until')} onDismiss={() => dropParam('error')} />
            <div className={styles.providers}>
              <ProviderButton provider="google" enabled={enabled.google} loading={loadingProviders} redirect={target} />
              <ProviderButton provider="twitter" enabled={enabled.twitter} loading={loadingProviders} redirect={target} />
              <button
                type="button"
                className={`${styles.provider} ${styles.email}`}
                aria-controls={emailSectionId}
                onClick={() => emailRef.current?.focus()}
              >
                <span className={styles.providerIcon}>
                  <MailIcon />
                </span>
                Sign in with Email
              </button>
            </div>
            <div id={emailSectionId}>
              <div className={styles.divider}>
                <span>with your email</span>
              </div>
              <EmailAuthForm emailRef={emailRef} onSignedIn={() => void navigate(target, { replace: true, state: redirectState(location.state) })} />
            </div>
          </section>
        )}
        <aside className={styles.perks} aria-label="Why sign in">
          <p className={styles.perksTitle}>Your torch, your rankings</p>
          <ul>
            <li>Rank castaways or whole seasons and publish your lists</li>
            <li>Upvote, favorite and comment on the tribe&rsquo;s rankings</li>
            <li>Cast your vote in the Global Top 10</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
