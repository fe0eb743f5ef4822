import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockAuthServer } from '../../test/authServer';
import { SESSION_UNKNOWN } from '../../lib/session';
import { renderAuthApp } from '../../test/authRender';
import { CREATOR_SESSION_KEY } from '../../lib/session';

const sandra = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('header session controls', () => {
  it('a browser without the signed-in hint is signed out without asking the server', async () => {
    document.cookie = 'castaway_signed_in=; Max-Age=0; Path=/';
    const server = mockAuthServer({ me: sandra });
    renderAuthApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(server.count('GET', '/api/me')).toBe(0);
  });

  it('a 401 from /api/me drops a stale hint so later visits do not ask', async () => {
    mockAuthServer({ me: null });
    renderAuthApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.cookie).not.toContain('castaway_signed_in=1'));
  });

  it('a 503 from /api/me is not a sign-out: a signed-in page says so and offers to ask again', async () => {
    document.cookie = 'castaway_signed_in=1; Path=/';
    const server = mockAuthServer({ me: sandra, routes: { 'GET /api/me': apiError(503, 'unavailable', 'Survivor Rankings cannot reach its database right now.') } });
    const user = userEvent.setup();
    renderAuthApp('/mylists');
    // useMe asks twice more before it gives up (1 s, then 2 s).
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(SESSION_UNKNOWN);
    expect(screen.getByTestId('location')).toHaveTextContent('/mylists');
    expect(document.cookie).toContain('castaway_signed_in=1');
    expect(server.count('GET', '/api/me')).toBe(3);

    server.set('GET /api/me', { status: 200, body: { ...sandra, createdAt: '2024-01-01T00:00:00Z', providers: ['password'] } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My Lists page' })).toBeInTheDocument();
  }, 15_000);

  it("signed in: 'Welcome, {name}' and Sign Out; signed out: Login", async () => {
    mockAuthServer({ me: sandra });
    renderAuthApp('/');
    expect(await screen.findByText(/Welcome,/)).toHaveTextContent('Welcome, Sandra');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('Sign Out logs out, clears the creator draft and user data, and goes to /login', async () => {
    const server = mockAuthServer({ me: sandra });
    const user = userEvent.setup();
    const { client } = renderAuthApp('/mylists');
    await screen.findByRole('heading', { name: 'My Lists page' });
    window.sessionStorage.setItem(CREATOR_SESSION_KEY, '{"name":"My draft"}');
    window.sessionStorage.setItem('castaway.text.comment:x', 'Half a comment');
    client.setQueryData(['draft', 'u1'], { name: 'My draft' });
    client.setQueryData(['lists', 'mine'], [{ id: 'list_1' }]);

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(server.count('POST', '/api/auth/logout')).toBe(1);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(CREATOR_SESSION_KEY)).toBeNull();
    expect(window.sessionStorage.getItem('castaway.text.comment:x')).toBeNull();
    expect(client.getQueryData(['draft', 'u1'])).toBeUndefined();
    expect(client.getQueryData(['lists', 'mine'])).toBeUndefined();
  });

  it('signing in again after Sign Out lands home, not on the page signed out from', async () => {
    mockAuthServer({ me: sandra, signedInAs: sandra });
    const user = userEvent.setup();
    renderAuthApp('/mylists');
    await screen.findByRole('heading', { name: 'My Lists page' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In Required' });
    await user.type(screen.getByLabelText('Email'), 'sandra@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, Sandra');
  });

  it('a failed sign-out (network) keeps the user signed in and says so', async () => {
    const server = mockAuthServer({ me: sandra, routes: { 'POST /api/auth/logout': 'network' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAuthApp('/mylists');
    await screen.findByRole('heading', { name: 'My Lists page' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-out failed. Please try again.');
    expect(screen.getByTestId('location')).toHaveTextContent('/mylists');
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, Sandra');
    server.set('POST /api/auth/logout', () => {
      server.setMe(null);
      return { status: 204 };
    });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In Required' })).toBeInTheDocument();
  });
});
