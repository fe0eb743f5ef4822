import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderWithProviders, sandra } from '../test/utils';
import { AppRoutes } from './AppRoutes';
import { Footer } from './Footer';
import { Header } from './Header';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Makes every `(max-width: 768px)` media query match, as on a phone. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 768px'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('Header', () => {
  it('signed out: Login, My Lists goes to /login, no inbox or welcome', async () => {
    mockServer();
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'My Lists' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Other Rankings' })).toHaveAttribute('href', '/rankings');
    expect(within(nav).queryByRole('link', { name: 'Feed' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Global Rankings' })).toHaveAttribute('href', '/global-rankings');
    expect(screen.getByRole('link', { name: 'Survivor Rankings' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /^Inbox/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome/)).not.toBeInTheDocument();
  });

  it('signed in: welcome line, inbox dropdown, Feed, My Lists and Sign Out', async () => {
    mockServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    expect(await screen.findByText('Sandra')).toBeInTheDocument();
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, Sandra');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByText(/Welcome,/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/feed');
    expect(screen.getByRole('link', { name: 'My Lists' })).toHaveAttribute('href', '/mylists');
    const inbox = await screen.findByRole('button', { name: 'Inbox' });
    expect(inbox).toHaveAttribute('aria-expanded', 'false');
    await user.click(inbox);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(inbox).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('Sign Out signs the user out and goes to /login', async () => {
    const fetchMock = mockServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/mylists' });
    await screen.findByRole('heading', { level: 1, name: 'My Lists' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => (input instanceof Request ? input.url : String(input)).endsWith('/api/auth/logout'))).toBe(true);
  });

  it('the menu button toggles the navigation on a phone', async () => {
    mockServer();
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  it('on a phone the welcome line opens the menu instead of sitting in the bar', async () => {
    asPhone();
    mockServer({ me: { ...sandra, displayName: 'Sandra Diaz-Twine the Queen of Survivor' } });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('button', { name: 'Sign Out' });
    expect(screen.getAllByText(/Welcome,/)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const welcome = within(nav).getByText(/Welcome,/);
    expect(welcome).toHaveTextContent('Welcome, Sandra Diaz-Twine the Queen of Survivor');
    expect(nav.firstElementChild).toBe(welcome);
  });

  it('signed out on a phone: no welcome line in the menu', async () => {
    asPhone();
    mockServer();
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Login' });
    expect(screen.queryByText(/Welcome/)).not.toBeInTheDocument();
  });
});

describe('Footer', () => {
  it('has two external links that open safely, and the legacy rankings', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Legacy rankings' })).toHaveAttribute('href', '/legacy');
    const links = screen.getAllByRole('link').filter((l) => l.getAttribute('href') !== '/legacy');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});
