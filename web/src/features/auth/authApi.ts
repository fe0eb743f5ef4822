import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, request, retryRead } from '../../api/client';
import { LIMITS, MESSAGES } from '../../api/contract';
import { isSessionIndependent, queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { userMessage } from '../../api/userMessage';
import { CREATOR_SESSION_KEY, forgetSignedIn, mayBeSignedIn, meFromApi, type Me } from '../../lib/session';
import { noteSessionGone, takeSessionGone } from '../../lib/sessionGone';
import { forgetTabTexts } from '../../lib/tabText';

export type PasswordPolicy = components['schemas']['PasswordPolicy'];
export type AuthProviders = components['schemas']['AuthProviders'];
type ApiMe = components['schemas']['Me'];
export type Provider = 'google' | 'twitter';

/** Spec section 8: what the user reads when the server could not be reached or failed (5xx). */
export const messages = {
  signUpFailed: MESSAGES.signUpFailed,
  signInFailed: MESSAGES.signInFailed,
  resetSent: MESSAGES.resetSent,
  resetFailed: MESSAGES.resetMailFailed,
  resetEmailMissing: MESSAGES.resetEmailRequired,
  newPasswordFailed: MESSAGES.newPasswordFailed,
  credentialsMissing: MESSAGES.credentialsRequired,
  passwordMismatch: MESSAGES.passwordMismatch,
  usernameFailed: MESSAGES.usernameFailed,
  usernameEmpty: MESSAGES.usernameEmpty,
  usernameTooLong: MESSAGES.usernameTooLong,
  usernameUpdated: MESSAGES.usernameUpdated,
  signOutFailed: MESSAGES.signOutFailed,
  accountExists: MESSAGES.accountExistsOtherMethod,
  twitterFailed: MESSAGES.twitterFailed,
  sessionEnded: MESSAGES.signedOutElsewhere,
} as const;

export const USERNAME_MAX = LIMITS.username;

/**
 * The text to show for a failed call: the server's own message for a 4xx (it carries the
 * spec's exact wording), the action's failure text for a 5xx or a network failure.
 */
export function errorText(err: unknown, fallback: string): string {
  return userMessage(err, fallback);
}

export function errorCode(err: unknown): string | undefined {
  return err instanceof ApiError ? err.code : undefined;
}

const toMe = meFromApi;

/**
 * The sign-in providers the server named in the page (`<meta name="castaway-providers">`,
 * the enabled ones by name), so the sign-in page draws its buttons as they are from its
 * first paint; undefined when the page does not say (the development server).
 */
export function providersFromPage(): AuthProviders | undefined {
  const content = document.querySelector('meta[name="castaway-providers"]')?.getAttribute('content');
  if (content == null) return undefined;
  const on = content.split(' ');
  return { google: on.includes('google'), twitter: on.includes('twitter') };
}

export function useProviders() {
  return useQuery({
    queryKey: queryKeys.auth.providers,
    queryFn: ({ signal }) => request(() => api.GET('/api/auth/providers', { signal }), MESSAGES.providersFailed),
    initialData: providersFromPage,
    staleTime: 10 * 60 * 1000,
    retry: retryRead(1),
  });
}

export function usePasswordPolicy(enabled = true) {
  return useQuery({
    queryKey: queryKeys.auth.passwordPolicy,
    queryFn: ({ signal }) => request(() => api.GET('/api/auth/password-policy', { signal }), MESSAGES.passwordPolicyFailed),
    staleTime: 10 * 60 * 1000,
    retry: retryRead(1),
    enabled,
  });
}

/** The URL that starts a provider sign-in; the server sends the browser back to `redirect`. */
export function oauthStartUrl(provider: Provider, redirect: string): string {
  const query = redirect && redirect !== '/' ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return `/api/auth/oauth/${provider}/start${query}`;
}

/** A user just signed in: show them at once and refetch everything that depends on who is asking. */
export function applySignedIn(queryClient: QueryClient, user: ApiMe): Me {
  const me = toMe(user);
  // What this tab kept from a session ended elsewhere is for that fan alone to take up again.
  const endedFor = takeSessionGone();
  if (endedFor !== null && endedFor !== me.id) forgetUnsaved();
  queryClient.setQueryData(queryKeys.me, me);
  void queryClient.invalidateQueries({ predicate: (q) => !isSessionIndependent(q.queryKey) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  return me;
}

/** The creator's state and the words being typed in this tab. */
function forgetUnsaved() {
  try {
    window.sessionStorage.removeItem(CREATOR_SESSION_KEY);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
  forgetTabTexts();
}

/**
 * Forgets everything that belonged to the user who just signed out. A session ended
 * elsewhere keeps what they were typing in this tab (keepUnsaved) for when they sign in again.
 */
export function applySignedOut(queryClient: QueryClient, { keepUnsaved = false } = {}) {
  if (!keepUnsaved) {
    takeSessionGone();
    forgetUnsaved();
  }
  queryClient.removeQueries({ queryKey: queryKeys.draft });
  queryClient.setQueryData(queryKeys.me, null);
  queryClient.removeQueries({ predicate: (q) => !isSessionIndependent(q.queryKey) });
  // The server has just said so: mark the answer stale for next time, without asking again now.
  void queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'none' });
}

/**
 * A request found no session (a 401 'unauthorized') while this browser shows a fan: the
 * first one signs the app out. Ended elsewhere (the signed-in cookie is still here), it says
 * so once and keeps what they were typing; a sign-out in another tab of this browser
 * cleared the cookie, and is a sign-out here as well.
 */
export function applySessionGone(queryClient: QueryClient) {
  const me = queryClient.getQueryData<Me | null>(queryKeys.me);
  if (!me) return;
  const elsewhere = mayBeSignedIn();
  if (elsewhere) {
    noteSessionGone(me.id);
    forgetSignedIn();
  }
  applySignedOut(queryClient, { keepUnsaved: elsewhere });
}

export interface Credentials {
  email: string;
  password: string;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => request(() => api.POST('/api/auth/login', { body }), messages.signInFailed),
    onSuccess: (user) => applySignedIn(queryClient, user),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => request(() => api.POST('/api/auth/signup', { body }), messages.signUpFailed),
    onSuccess: (user) => applySignedIn(queryClient, user),
    onError: (err) => {
      // The server judges passwords; when its rules reject one, show the rules as they are now.
      if (errorCode(err) === 'weak_password') void queryClient.invalidateQueries({ queryKey: queryKeys.auth.passwordPolicy });
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => request(() => api.POST('/api/auth/password-reset', { body: { email } }), messages.resetFailed),
  });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      request(() => api.POST('/api/auth/password-reset/confirm', { body }), messages.newPasswordFailed),
    onSuccess: (user) => applySignedIn(queryClient, user),
    onError: (err) => {
      if (errorCode(err) === 'weak_password') void queryClient.invalidateQueries({ queryKey: queryKeys.auth.passwordPolicy });
    },
  });
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) =>
      request(() => api.PATCH('/api/me', { body: { displayName } }), messages.usernameFailed),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, toMe(user));
      // Lists, comments and profiles show the author's current name: refetch them all.
      void queryClient.invalidateQueries({ predicate: (q) => !isSessionIndependent(q.queryKey) });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      request(() => api.PUT('/api/me/password', { body }), MESSAGES.passwordChangeFailed),
    // The account now has a password (its first, perhaps) and no notice asking for one.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    onError: (err) => {
      if (errorCode(err) === 'weak_password') void queryClient.invalidateQueries({ queryKey: queryKeys.auth.passwordPolicy });
    },
  });
}

/** Ends every session of the user, this browser's too, then forgets their data here. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(() => api.POST('/api/auth/logout-everywhere'), MESSAGES.signOutFailed),
    onSuccess: () => applySignedOut(queryClient),
  });
}

/**
 * Signs out on the server, then forgets the user's data in this browser. A network failure
 * or a server error leaves the user signed in and is rethrown to the caller (spec section 8).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await request(() => api.POST('/api/auth/logout'), messages.signOutFailed);
      } catch (err) {
        // A 4xx (the session had already ended) still leaves this browser signed out.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) return;
        console.error('sign-out failed', err);
        throw err;
      }
    },
    onSuccess: () => applySignedOut(queryClient),
  });
}
