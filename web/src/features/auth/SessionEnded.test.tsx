import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { createQueryClient } from '../../app/queryClient';
import { CREATOR_SESSION_KEY } from '../../lib/session';
import { isSessionGone, noteSessionGone } from '../../lib/sessionGone';
import { mockAuthServer } from '../../test/authServer';
import { renderAuthApp } from '../../test/authRender';
import { sandra } from '../../test/utils';
import { applySignedIn, messages } from './authApi';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Sandra on /mylists; then her session is ended elsewhere and she renames herself (PATCH /api/me answers 401). */
async function actAfterEnding() {
  localStorage.setItem('castaway.me', JSON.stringify({ id: sandra.id }));
  const server = mockAuthServer({ me: sandra, signedInAs: sandra });
  const user = userEvent.setup();
  const utils = renderAuthApp('/mylists');
  await screen.findByRole('heading', { name: 'My Lists page' });
  sessionStorage.setItem(CREATOR_SESSION_KEY, '{"name":"Half-made list"}');
  server.setMe(null);
  await user.click(screen.getByRole('button', { name: 'Change Username' }));
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'x{Enter}');
  return { server, user, ...utils };
}

describe('a session ended on another device', () => {
  it('the first 401 signs the page out and says why once; signing in again returns to the page with the unsaved work', async () => {
    const { user, server } = await actAfterEnding();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.sessionEnded);
    expect(screen.getAllByText(messages.sessionEnded)).toHaveLength(1);
    // The guard sent her to sign in, keeping the way back; what she was making is still here.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(sessionStorage.getItem(CREATOR_SESSION_KEY)).toContain('Half-made list');
    expect(document.cookie).not.toContain('castaway_signed_in=1');

    await user.type(screen.getByLabelText('Email', { selector: 'input' }), sandra.email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'My Lists page' })).toBeInTheDocument();
    expect(screen.queryByText(messages.sessionEnded)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(CREATOR_SESSION_KEY)).toContain('Half-made list');
    expect(server.count('POST', '/api/auth/login')).toBe(1);
  });

  it('Dismiss puts it away and leaves the keyboard in the page', async () => {
    const { user } = await actAfterEnding();
    const banner = await screen.findByRole('region', { name: 'Signed out' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    // On /login already: no link to where the fan is.
    expect(within(banner).queryByRole('link', { name: 'Sign in again' })).not.toBeInTheDocument();
    within(banner).getByRole('button', { name: 'Dismiss' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Signed out' })).not.toBeInTheDocument();
    expect(document.getElementById('main')).toHaveFocus();
  });

  it('a sign-out in another tab of this browser (the signed-in cookie gone) is a plain sign-out', async () => {
    localStorage.setItem('castaway.me', JSON.stringify({ id: sandra.id }));
    const server = mockAuthServer({ me: sandra });
    const user = userEvent.setup();
    renderAuthApp('/mylists');
    await screen.findByRole('heading', { name: 'My Lists page' });
    sessionStorage.setItem(CREATOR_SESSION_KEY, '{"name":"Half-made list"}');
    server.setMe(null);
    document.cookie = 'castaway_signed_in=; Max-Age=0; Path=/';
    await user.click(screen.getByRole('button', { name: 'Change Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'x{Enter}');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(messages.sessionEnded)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(CREATOR_SESSION_KEY)).toBeNull();
  });

  it('a reload finding the session gone says so to the fan last seen here, not to a visitor', async () => {
    mockAuthServer({ me: null });
    localStorage.setItem('castaway.me', JSON.stringify({ id: sandra.id }));
    renderAuthApp('/');
    expect(await screen.findByText(messages.sessionEnded)).toBeInTheDocument();
  });
});

describe('the rule for a 401', () => {
  const gone = new ApiError(401, 'unauthorized', 'You must be signed in to upvote.');

  it('is a 401 unauthorized alone: a wrong password is not an ending', () => {
    expect(isSessionGone(gone)).toBe(true);
    expect(isSessionGone(new ApiError(401, 'wrong_password', 'Incorrect password. Please try again.'))).toBe(false);
    expect(isSessionGone(new ApiError(403, 'forbidden', 'No.'))).toBe(false);
  });

  it('says nothing to a visitor, who was never signed in', async () => {
    const client = createQueryClient({ queries: { retry: false } });
    client.setQueryData(queryKeys.me, null);
    await client.fetchQuery({ queryKey: ['feed'], queryFn: () => Promise.reject(gone) }).catch(() => undefined);
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the unsaved work for the same fan, and forgets it when someone else signs in', () => {
    const client = createQueryClient();
    const body = { ...sandra, createdAt: '2024-01-01T00:00:00Z', providers: ['password' as const] };
    sessionStorage.setItem('castaway.text.comment:x', 'Words for Sandra');
    noteSessionGone(sandra.id);
    applySignedIn(client, body);
    expect(sessionStorage.getItem('castaway.text.comment:x')).toBe('Words for Sandra');

    noteSessionGone(sandra.id);
    applySignedIn(client, { ...body, id: 'u9', displayName: 'Rob' });
    expect(sessionStorage.getItem('castaway.text.comment:x')).toBeNull();
  });
});
