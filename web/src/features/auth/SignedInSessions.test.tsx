import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockAuthServer, type Reply } from '../../test/authServer';
import { networkLabel, sessionLabel, type SignedInSession } from './sessionsApi';
import { renderAuthApp } from '../../test/authRender';

const sandra = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const laptop: SignedInSession = { id: 's1', browser: 'Firefox', os: 'Windows', device: 'computer', network: '203.0.113.0/24', createdAt: ago(600), lastSeenAt: ago(0), current: true };
const phone: SignedInSession = { id: 's2', browser: 'Chrome', os: 'Android', device: 'phone', network: '2001:db8:1::/48', createdAt: ago(900), lastSeenAt: ago(5), current: false };
/** The section's rows. */
const rows = () => within(within(screen.getByRole('region', { name: "Where you're signed in" })).getByRole('list')).getAllByRole('listitem');

const tablet: SignedInSession = { id: 's3', browser: '', os: '', device: 'unknown', network: '', createdAt: ago(3000), lastSeenAt: ago(2 * 24 * 60), current: false };

/**
 * A fake whose session list is `list`, changed by ending sessions as the server would;
 * with slowList, the list's reads after an ending stay on their way.
 */
function serverWith(list: SignedInSession[], extra: Record<string, Reply> = {}, slowList = false) {
  let sessions = list;
  const server = mockAuthServer({
    me: sandra,
    routes: {
      'GET /api/me/sessions': () => ({ status: 200, body: { sessions, more: false } }),
      'POST /api/me/sessions/end-others': () => {
        sessions = sessions.filter((s) => s.current);
        if (slowList) server.set('GET /api/me/sessions', 'pending');
        return { status: 204 };
      },
      ...Object.fromEntries(
        list.map((s) => [
          `DELETE /api/me/sessions/${s.id}`,
          () => {
            sessions = sessions.filter((o) => o.id !== s.id);
            if (s.current) server.setMe(null);
            if (slowList) server.set('GET /api/me/sessions', 'pending');
            return { status: 204 };
          },
        ]),
      ),
      ...extra,
    },
  });
  return server;
}

describe("Where you're signed in", () => {
  it('lists each session with its browser, system, place prefix and last use, this device marked and first', async () => {
    serverWith([phone, laptop, tablet]);
    renderAuthApp('/account');
    await screen.findByText('Firefox on Windows');
    const [first, second, third] = rows();
    expect(rows()).toHaveLength(3);
    expect(first).toHaveTextContent('Firefox on Windows');
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('Computer · 203.0.113.x · active now');
    expect(second).toHaveTextContent('Chrome on Android');
    expect(second).not.toHaveTextContent('This device');
    expect(second).toHaveTextContent('Phone · 2001:db8:1::/48 · last active 5 minutes ago');
    expect(third).toHaveTextContent('Unknown browser');
    expect(third).toHaveTextContent('Device · Unknown network · last active 2 days ago');
    expect(screen.getByText(/do not look up where it is/)).toBeInTheDocument();
  });

  it('signs another session out at once and says so, keeping the keyboard in the section', async () => {
    const server = serverWith([laptop, phone], {}, true);
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android at 2001:db8:1::/48' }));
    expect(await screen.findByText('Signed out Chrome on Android.')).toBeInTheDocument();
    expect(server.count('DELETE', '/api/me/sessions/s2')).toBe(1);
    // The row is gone as the page says so, though the list's refetch has not landed.
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
  });

  it('asks before signing this device out, then lands on the sign-in page', async () => {
    const server = serverWith([laptop, phone]);
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out this device' }));
    expect(server.count('DELETE', '/api/me/sessions/s1')).toBe(0);
    const confirm = screen.getByRole('group', { name: 'Confirm signing out of this device' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.count('DELETE', '/api/me/sessions/s1')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Sign out this device' }));
    await user.click(screen.getByRole('button', { name: 'Yes, sign out' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(server.count('DELETE', '/api/me/sessions/s1')).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Your Account' })).not.toBeInTheDocument();
  });

  it('signs out of all other sessions and keeps this one', async () => {
    const server = serverWith([laptop, phone, tablet], {}, true);
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    expect(server.count('POST', '/api/me/sessions/end-others')).toBe(1);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('This device');
    expect(screen.getByRole('heading', { name: 'Your Account' })).toBeInTheDocument();
  });

  it("shows the server's message when a session had already ended, and the list as it is now", async () => {
    const server = serverWith([laptop, phone], { 'DELETE /api/me/sessions/s2': apiError(404, 'session_not_found', 'That session has already ended.') });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That session has already ended.');
    expect(server.count('GET', '/api/me/sessions')).toBeGreaterThan(1);
  });

  it('says when the list cannot load, and tries again; an empty list says so', async () => {
    const server = serverWith([laptop], { 'GET /api/me/sessions': { status: 503 } });
    const user = userEvent.setup();
    renderAuthApp('/account');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load where you are signed in.');
    server.set('GET /api/me/sessions', { status: 200, body: { sessions: [], more: false } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sessions to show.')).toBeInTheDocument();
  });

  it('shows a loading state first', async () => {
    serverWith([laptop]);
    renderAuthApp('/account');
    await screen.findByRole('heading', { name: "Where you're signed in" });
    // The list's request is still on its way when the section first shows.
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);
    expect(await screen.findByText('Firefox on Windows')).toBeInTheDocument();
  });
});

describe('session labels', () => {
  it('names a browser on its system, and shows an IPv4 /24 as its first three parts', () => {
    expect(sessionLabel({ browser: 'Safari', os: 'iOS' })).toBe('Safari on iOS');
    expect(sessionLabel({ browser: '', os: 'Linux' })).toBe('Unknown browser on Linux');
    expect(sessionLabel({ browser: 'curl', os: '' })).toBe('curl');
    expect(networkLabel('198.51.100.0/24')).toBe('198.51.100.x');
    expect(networkLabel('2001:db8:1::/48')).toBe('2001:db8:1::/48');
    expect(networkLabel('')).toBe('Unknown network');
  });
});

describe('a session ended elsewhere', () => {
  it('is signed out here on its next action', async () => {
    const server = serverWith([laptop, phone], {
      'POST /api/me/sessions/end-others': apiError(401, 'unauthorized', 'You must be signed in to see where you are signed in.'),
    });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Account' })).not.toBeInTheDocument();
    expect(server.count('POST', '/api/me/sessions/end-others')).toBe(1);
  });
});
