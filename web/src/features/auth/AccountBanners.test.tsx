import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FlashNotice } from '../../app/FlashNotice';
import { RedirectIfSignedIn } from '../../app/guards';
import { AccountBanners } from './AccountBanners';
import { apiError, mockAuthServer } from '../../test/authServer';
import LoginPage from './LoginPage';
import type { Me } from '../../lib/session';

const ann: Me = { id: 'u1', displayName: 'ann', email: 'ann@example.com', idolsFound: 0, isAdmin: false, hasPassword: true, emailVerified: false, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };

function renderApp(route: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AccountBanners />
        <FlashNotice />
        <Routes>
          <Route index element={<h1>Home page</h1>} />
          <Route path="account" element={<h1>Account page</h1>} />
          <Route
            path="login"
            element={
              <RedirectIfSignedIn>
                <LoginPage />
              </RedirectIfSignedIn>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AccountBanners', () => {
  it("asks to confirm an unverified address and resends the link, saying the server's sentence", async () => {
    const server = mockAuthServer({
      me: ann,
      routes: { 'POST /api/me/email/verification': { status: 200, body: { message: 'Verification email sent. Check your inbox for the link.' } } },
    });
    const user = userEvent.setup();
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Confirm your email address' });
    expect(banner).toHaveTextContent('Please confirm ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Verification email sent. Check your inbox for the link.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/me/email/verification')).toHaveLength(1);
  });

  it('shows the limit when Resend is refused', async () => {
    mockAuthServer({
      me: ann,
      routes: { 'POST /api/me/email/verification': apiError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.') },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });

  it('says nothing for a verified address', async () => {
    mockAuthServer({ me: { ...ann, emailVerified: true } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Home page' });
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument();
  });

  it("shows the server's notice with a way to set a password, until dismissed", async () => {
    const notice = 'Your email address was confirmed by your sign-in provider, so the password someone had set on this account was removed.';
    const server = mockAuthServer({ me: { ...ann, emailVerified: true, hasPassword: false, notice }, routes: { 'DELETE /api/me/notice': { status: 204 } } });
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a password' })).toHaveAttribute('href', '/account');
    server.setMe({ ...ann, emailVerified: true, hasPassword: false });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(server.sent('DELETE', '/api/me/notice')).toHaveLength(1);
    await expect.poll(() => screen.queryByText(notice)).toBeNull();
  });
});

describe('the verification link', () => {
  it('sends the token once and goes home with the server sentence, signed in or not', async () => {
    const server = mockAuthServer({
      me: ann,
      routes: { 'POST /api/auth/verify-email': { status: 200, body: { message: 'Your email address is verified. Thank you!' } } },
    });
    renderApp('/login?verify=tok123');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByText('Your email address is verified. Thank you!')).toBeInTheDocument();
    expect(server.sent('POST', '/api/auth/verify-email')).toEqual([{ token: 'tok123' }]);
  });

  it("says why a link is refused, in the server's words", async () => {
    mockAuthServer({ routes: { 'POST /api/auth/verify-email': apiError(400, 'token_used', 'This verification link has already been used.') } });
    renderApp('/login?verify=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has already been used.');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
  });
});
