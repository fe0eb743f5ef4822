import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/EmptyState';
import { LoadFailed } from '../components/Failure';
import { SESSION_UNKNOWN, useMe } from '../lib/session';
import { useSessionGone } from '../lib/sessionGone';
import pageStyles from '../components/Page.module.css';
import ui from '../components/ui.module.css';
import { redirectState, redirectTarget, type LoginRedirectState } from '../lib/loginRedirect';

/** Says the session cannot be checked now (the server is unavailable), with a way to ask again. */
function SessionUnknown({ retry }: { retry: () => void }) {
  return (
    <div className={pageStyles.page}>
      <LoadFailed message={SESSION_UNKNOWN} onRetry={retry} className={ui.errorBanner} />
    </div>
  );
}

/**
 * Renders its children for a signed-in user; otherwise sends them to /login, remembering the
 * way back. Signing out while here is not a visit: that goes to /login without a way back,
 * but a session ended from another device keeps it, for the fan to sign in again and return.
 * A server that cannot say who is signed in gets a notice, not a trip to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isSignedIn, unknown, retry } = useMe();
  const endedElsewhere = useSessionGone();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (isSignedIn) wasSignedIn.current = true;
  }, [isSignedIn]);
  if (isLoading) return <PageLoader />;
  if (unknown) return <SessionUnknown retry={retry} />;
  if (!isSignedIn) {
    const state: LoginRedirectState | undefined = wasSignedIn.current && !endedElsewhere
      ? undefined
      : { from: location.pathname + location.search + location.hash, state: location.state as unknown };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/**
 * /login for a signed-in user goes where they were heading (or home). A password-reset link
 * (/login?reset=TOKEN) still opens its form, and a verification link (/login?verify=TOKEN)
 * is still checked: each goes home when done.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, isSignedIn } = useMe();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  const search = new URLSearchParams(location.search);
  if (search.has('reset') || search.has('verify')) return children;
  if (isSignedIn) return <Navigate to={redirectTarget(location.state)} state={redirectState(location.state)} replace />;
  return children;
}
