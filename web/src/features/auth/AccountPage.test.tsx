import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockAuthServer } from '../../test/authServer';
import { renderAuthApp } from '../../test/authRender';

const sandra = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };

describe('AccountPage', () => {
  it('shows the name and email, and is reached from the header', async () => {
    mockAuthServer({ me: sandra });
    renderAuthApp('/account');
    expect(await screen.findByRole('heading', { name: 'Your Account' })).toBeInTheDocument();
    expect(screen.getByText('sandra@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  it('changes the password with the current one and says other devices were signed out', async () => {
    const server = mockAuthServer({ me: sandra, routes: { 'PUT /api/me/password': { status: 204 } } });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.type(await screen.findByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'a-brand-new-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password was changed. Your other devices were signed out.')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/me/password')).toEqual([{ currentPassword: 'old-password', newPassword: 'a-brand-new-password' }]);
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows the server's message for a wrong current password, and refuses a mismatch itself", async () => {
    const server = mockAuthServer({
      me: sandra,
      routes: { 'PUT /api/me/password': apiError(401, 'wrong_password', 'Incorrect password. Please try again.') },
    });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.type(await screen.findByLabelText('New Password'), 'a-brand-new-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(server.sent('PUT', '/api/me/password')).toEqual([]);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeInTheDocument();
  });

  it('signs out everywhere after a confirmation, and lands on the sign-in page signed out', async () => {
    const server = mockAuthServer({ me: sandra, routes: { 'POST /api/auth/logout-everywhere': { status: 204 } } });
    const user = userEvent.setup();
    renderAuthApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(server.sent('POST', '/api/auth/logout-everywhere')).toEqual([]);
    server.set('GET /api/me', apiError(401, 'unauthorized', 'You are not signed in.')); // every session has ended
    await user.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(server.sent('POST', '/api/auth/logout-everywhere')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Your Account' })).not.toBeInTheDocument();
  });
});
