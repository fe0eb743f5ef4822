import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockAuthServer } from '../../test/authServer';
import { renderAuthApp } from '../../test/authRender';

const sandra = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };
const blocks = [{ userId: 'u9', displayName: 'Russell', blockedAt: '2024-01-01T00:00:00Z' }];

afterEach(() => vi.restoreAllMocks());

describe('AccountPage: blocked users, your data, deleting the account', () => {
  it('lists the users blocked and unblocks one', async () => {
    let current = blocks;
    const server = mockAuthServer({
      me: sandra,
      routes: {
        'GET /api/me/blocks': () => ({ status: 200, body: current }),
        'DELETE /api/me/blocks/u9': () => {
          current = [];
          return { status: 204 };
        },
      },
    });
    const user = userEvent.setup();
    renderAuthApp('/account');
    const section = (await screen.findByRole('heading', { name: 'Blocked Users' })).closest('section')!;
    await user.click(await within(section).findByRole('button', { name: 'Unblock Russell' }));
    expect(await within(section).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(server.count('DELETE', '/api/me/blocks/u9')).toBe(1);
  });

  it('downloads the export as a file', async () => {
    mockAuthServer({ me: sandra, routes: { 'GET /api/me/blocks': { status: 200, body: [] }, 'GET /api/me/export': { status: 200, body: { profile: { displayName: 'Sandra' } } } } });
    const created = vi.fn((_: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(downloaded).toBe('castaway-export.json'));
    expect(await created.mock.calls[0]![0].text()).toContain('Sandra');
  });

  it('says why an export failed', async () => {
    mockAuthServer({ me: sandra, routes: { 'GET /api/me/blocks': { status: 200, body: [] }, 'GET /api/me/export': apiError(429, 'rate_limited', 'Too many downloads. Please try again later.') } });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many downloads. Please try again later.');
  });

  it('deletes the account only once the name is typed, keeps the input through a wrong password, then lands home signed out', async () => {
    const server = mockAuthServer({
      me: sandra,
      routes: { 'GET /api/me/blocks': { status: 200, body: [] }, 'DELETE /api/me': apiError(401, 'wrong_password', 'Incorrect password. Please try again.') },
    });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText(/Type your display name/), 'sandra');
    await user.type(within(dialog).getByLabelText('Your Password'), 'wrong');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Type your display name/));
    await user.type(within(dialog).getByLabelText(/Type your display name/), 'Sandra');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password. Please try again.');
    expect(within(dialog).getByLabelText(/Type your display name/)).toHaveValue('Sandra');

    server.set('DELETE /api/me', () => {
      server.setMe(null);
      return { status: 204 };
    });
    await user.clear(within(dialog).getByLabelText('Your Password'));
    await user.type(within(dialog).getByLabelText('Your Password'), 'right');
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    // The account is forgotten as its page unmounts, so the header turns a render later.
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(server.sent('DELETE', '/api/me').at(-1)).toEqual({ confirm: 'Sandra', password: 'right' });
  });
});
