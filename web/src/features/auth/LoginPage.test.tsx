import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockAuthServer, type Reply } from '../../test/authServer';
import { renderAuthApp } from '../../test/authRender';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const at = () => screen.getByTestId('location').textContent;

async function openLogin(route: Parameters<typeof renderAuthApp>[0] = '/login') {
  const user = userEvent.setup();
  const utils = renderAuthApp(route);
  await screen.findByRole('heading', { level: 1, name: 'Sign In Required' });
  return { user, ...utils };
}

async function fillSignIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('login screen', () => {
  it('offers Google, Twitter and Email, and the email form starts on Sign In', async () => {
    mockAuthServer();
    await openLogin();
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/oauth/google/start');
    expect(screen.getByRole('link', { name: 'Sign in with Twitter' })).toHaveAttribute('href', '/api/auth/oauth/twitter/start');
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
  });

  it('the Email button takes the user to the email form and never hides it', async () => {
    mockAuthServer();
    const { user } = await openLogin();
    const email = screen.getByRole('button', { name: 'Sign in with Email' });
    await user.click(email);
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(email);
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('disables a provider that is not configured and says why', async () => {
    mockAuthServer({ routes: { 'GET /api/auth/providers': { status: 200, body: { google: false, twitter: true } } } });
    await openLogin();
    await screen.findByRole('link', { name: 'Sign in with Twitter' });
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(google).toBeDisabled();
    expect(google).toHaveAttribute('title', 'Google sign-in is not configured on this server.');
    expect(google).toHaveAccessibleDescription('Google sign-in is not configured on this server.');
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('draws the providers the page names from its first paint, without asking the server', async () => {
    const server = mockAuthServer({ routes: { 'GET /api/auth/providers': { status: 200, body: { google: true, twitter: true } } } });
    const meta = document.createElement('meta');
    meta.name = 'castaway-providers';
    meta.content = 'twitter';
    document.head.append(meta);
    try {
      await openLogin();
      expect(screen.getByRole('link', { name: 'Sign in with Twitter' })).toHaveAttribute('href', '/api/auth/oauth/twitter/start');
      const google = screen.getByRole('button', { name: 'Sign in with Google' });
      expect(google).toBeDisabled();
      expect(google).not.toHaveAttribute('aria-busy');
      expect(google).toHaveAccessibleDescription('Google sign-in is not configured on this server.');
      expect(server.count('GET', '/api/auth/providers')).toBe(0);
    } finally {
      meta.remove();
    }
  });

  it('toggles between Sign In and Sign Up, keeping what was typed, and shows the password rules on sign-up', async () => {
    mockAuthServer();
    const { user } = await openLogin();
    await fillSignIn(user, 'ann@example.com', 'secret-pass');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('secret-pass');
    expect(await screen.findByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Not a commonly used password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forgot Password?' })).not.toBeInTheDocument();
    // Arrow keys move between the tabs.
    screen.getByRole('tab', { name: 'Sign Up' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveFocus();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
  });

  it("sign-up: 'Passwords do not match.' when the confirmation differs, and nothing is sent", async () => {
    const server = mockAuthServer();
    const { user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignIn(user, 'ann@example.com', 'secret-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-pas');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.count('POST', '/api/auth/signup')).toBe(0);
  });

  it('email and password are required', async () => {
    const server = mockAuthServer();
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email and password.');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(server.count('POST', '/api/auth/login')).toBe(0);
  });

  it.each<[string, Reply, string]>([
    ['409', apiError(409, 'email_in_use', 'Email already in use. Please sign in instead.'), 'Email already in use. Please sign in instead.'],
    ['400 weak_password', apiError(400, 'weak_password', 'Password is too weak. Please use a stronger password.'), 'Password is too weak. Please use a stronger password.'],
    ['500', apiError(500, 'internal', 'boom'), 'Sign-up failed. Please try again.'],
    ['a network failure', 'network', 'Sign-up failed. Please try again.'],
  ])('sign-up failure %s shows the spec message and keeps the form', async (_, reply, message) => {
    const server = mockAuthServer({ routes: { 'POST /api/auth/signup': reply } });
    const { user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignIn(user, 'ann@example.com', 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(server.sent('POST', '/api/auth/signup')).toEqual([{ email: 'ann@example.com', password: 'password1' }]);
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('password1');
    expect(at()).toBe('/login');
  });

  it('refetches the password policy when the server rejects a weak password', async () => {
    const server = mockAuthServer({ routes: { 'POST /api/auth/signup': apiError(400, 'weak_password', 'Password is too weak. Please use a stronger password.') } });
    const { user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await screen.findByText('At least 8 characters');
    expect(server.count('GET', '/api/auth/password-policy')).toBe(1);
    server.set('GET /api/auth/password-policy', { status: 200, body: { minLength: 10, requirements: ['At least 10 characters'] } });
    await fillSignIn(user, 'ann@example.com', 'password');
    await user.type(screen.getByLabelText('Confirm Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('At least 10 characters')).toBeInTheDocument();
    expect(server.count('GET', '/api/auth/password-policy')).toBe(2);
  });

  it.each<[string, Reply, string]>([
    ['401', apiError(401, 'wrong_password', 'Incorrect password. Please try again.'), 'Incorrect password. Please try again.'],
    ['404', apiError(404, 'user_not_found', 'No account found with this email. Please sign up.'), 'No account found with this email. Please sign up.'],
    ['429', apiError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.'), 'Too many attempts. Please wait a few minutes and try again.'],
    ['500', apiError(500, 'internal', 'boom'), 'Sign-in failed. Please try again.'],
    ['a network failure', 'network', 'Sign-in failed. Please try again.'],
  ])('sign-in failure %s shows the spec message', async (_, reply, message) => {
    mockAuthServer({ routes: { 'POST /api/auth/login': reply } });
    const { user } = await openLogin();
    await fillSignIn(user, 'ann@example.com', 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Password')).toHaveValue('password1');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signing in goes home, shows the welcome line and Sign Out at once', async () => {
    const server = mockAuthServer();
    const { user } = await openLogin();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    await fillSignIn(user, ' ann@example.com ', 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(at()).toBe('/');
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, ann');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(server.sent('POST', '/api/auth/login')).toEqual([{ email: 'ann@example.com', password: 'password1' }]);
  });
});

describe('OAuth callback errors', () => {
  it('account_exists: explains the account uses another sign-in method', async () => {
    mockAuthServer();
    await openLogin('/login?error=account_exists');
    expect(screen.getByRole('alert')).toHaveTextContent('An account already exists with this email using a different sign-in method...');
  });

  it('twitter_failed: suggests another way in, and can be dismissed', async () => {
    mockAuthServer();
    const { user } = await openLogin('/login?error=twitter_failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Twitter sign-in failed. Please try again or use a different method.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('google_failed: only logged, nothing shown', async () => {
    mockAuthServer();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openLogin('/login?error=google_failed');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});

describe('guards and the way back', () => {
  it.each(['/mylists', '/create'])('a signed-out visit to %s goes to /login, and signing in lands back there', async (path) => {
    mockAuthServer();
    const user = userEvent.setup();
    renderAuthApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Sign In Required' });
    expect(at()).toBe('/login');
    // Provider sign-in carries the remembered path to the server.
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      `/api/auth/oauth/google/start?redirect=${encodeURIComponent(path)}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Twitter' })).toHaveAttribute(
      'href',
      `/api/auth/oauth/twitter/start?redirect=${encodeURIComponent(path)}`,
    );
    await fillSignIn(user, 'ann@example.com', 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(at()).toBe(path));
  });

  it('signing up from a redirect also lands where the user was going', async () => {
    mockAuthServer();
    const user = userEvent.setup();
    renderAuthApp('/create');
    await screen.findByRole('heading', { level: 1, name: 'Sign In Required' });
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignIn(user, 'ann@example.com', 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Create page' })).toBeInTheDocument();
  });

  it('a signed-in user on /login goes to where they were heading, or home', async () => {
    mockAuthServer({ me: { id: 'u1', displayName: 'Sandra', email: 's@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 } });
    renderAuthApp({ pathname: '/login', state: { from: '/create' } });
    expect(await screen.findByRole('heading', { name: 'Create page' })).toBeInTheDocument();
  });

  it('the header Login link remembers the page it was clicked on', async () => {
    mockAuthServer();
    const user = userEvent.setup();
    renderAuthApp('/');
    await user.click(await screen.findByRole('link', { name: 'Login' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In Required' });
    await fillSignIn(user, 'ann@example.com', 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});

describe('Forgot Password?', () => {
  it('needs an email address', async () => {
    const server = mockAuthServer();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address to reset your password.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server.count('POST', '/api/auth/password-reset')).toBe(0);
  });

  it('sends the reset email for the address typed', async () => {
    const server = mockAuthServer();
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset email sent. Check your inbox for instructions.');
    expect(server.sent('POST', '/api/auth/password-reset')).toEqual([{ email: 'ann@example.com' }]);
  });

  it.each<[string, Reply, string]>([
    ['500', apiError(500, 'internal', 'boom'), 'Failed to send password reset email. Please try again.'],
    ['a network failure', 'network', 'Failed to send password reset email. Please try again.'],
    ['429', apiError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.'), 'Too many attempts. Please wait a few minutes and try again.'],
  ])('failure %s', async (_, reply, message) => {
    mockAuthServer({ routes: { 'POST /api/auth/password-reset': reply } });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe("the reset link: '/login?reset=TOKEN'", () => {
  it('sets a new password, signs in and goes home', async () => {
    const server = mockAuthServer();
    const user = userEvent.setup();
    renderAuthApp('/login?reset=tok123');
    const form = await screen.findByRole('region', { name: 'Choose a new password' });
    expect(await within(form).findByText('At least 8 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New Password'), 'brand-new-pass');
    await user.type(within(form).getByLabelText('Confirm Password'), 'brand-new-pas');
    await user.click(within(form).getByRole('button', { name: 'Set New Password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(server.count('POST', '/api/auth/password-reset/confirm')).toBe(0);

    await user.type(within(form).getByLabelText('Confirm Password'), 's');
    await user.click(within(form).getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(server.sent('POST', '/api/auth/password-reset/confirm')).toEqual([{ token: 'tok123', password: 'brand-new-pass' }]);
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, ann');
  });

  it('an expired link shows the server message and offers a new email', async () => {
    mockAuthServer({
      routes: {
        'POST /api/auth/password-reset/confirm': apiError(400, 'invalid_token', 'This reset link is invalid or has expired. Please request a new one.'),
      },
    });
    const user = userEvent.setup();
    renderAuthApp('/login?reset=old');
    const form = await screen.findByRole('region', { name: 'Choose a new password' });
    await user.type(within(form).getByLabelText('New Password'), 'brand-new-pass');
    await user.type(within(form).getByLabelText('Confirm Password'), 'brand-new-pass');
    await user.click(within(form).getByRole('button', { name: 'Set New Password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired. Please request a new one.');
    await user.click(screen.getByRole('button', { name: 'Request a new reset email' }));
    expect(await screen.findByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
  });

  it('opens for a user who is already signed in', async () => {
    mockAuthServer({ me: { id: 'u1', displayName: 'Sandra', email: 's@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 } });
    renderAuthApp('/login?reset=tok');
    expect(await screen.findByRole('region', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});
