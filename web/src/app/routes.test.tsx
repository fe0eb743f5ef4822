import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mockApi';
import { catalogFixture, mockServer, renderWithProviders, sandra } from '../test/utils';
import { AppRoutes } from './AppRoutes';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function expectAt(path: string, heading: string) {
  // Pages are lazy chunks: the first import of a route can be slow while the whole suite runs.
  expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`));
}

describe('routes', () => {
  it('sends an unknown path home', async () => {
    mockServer();
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    await expectAt('/', 'Survivor Rankings');
  });

  it.each(['/mylists', '/create'])('sends a signed-out visitor from %s to /login', async (path) => {
    mockServer();
    renderWithProviders(<AppRoutes />, { route: path });
    await expectAt('/login', 'Sign In Required');
  });

  it('lets a signed-in user into /mylists', async () => {
    mockServer({ me: sandra });
    renderWithProviders(<AppRoutes />, { route: '/mylists' });
    await expectAt('/mylists', 'My Lists');
    expect(screen.getByText('Hidden Immunity Idols: 2')).toBeInTheDocument();
  });

  it('sends a signed-in user from /login to where they were heading', async () => {
    mockServer({ me: sandra });
    renderWithProviders(<AppRoutes />, { route: { pathname: '/login', state: { from: '/create' } } });
    await expectAt('/create', 'Create Ranking');
  });

  it('sends a signed-in user from /login home by default', async () => {
    mockServer({ me: sandra });
    renderWithProviders(<AppRoutes />, { route: '/login' });
    await expectAt('/', 'Survivor Rankings');
  });

  it('sends an unknown global list to /global-rankings', async () => {
    mockServer();
    renderWithProviders(<AppRoutes />, { route: '/global-rankings/season-99' });
    await expectAt('/global-rankings', 'Global Rankings');
  });

  it('opens the season-48 global list', async () => {
    const poll = { id: 'season-48', title: 'Survivor 48 Global Rankings', description: '', seasonId: 's48', seasonName: 'Survivor 48', isOpen: true, totalSubmissions: 0 };
    mockApi({
      'GET /api/catalog/seasons': catalogFixture,
      'GET /api/global-rankings/season-48': { poll, top10: [], totalSubmissions: 0 },
      'GET /api/global-rankings/season-48/comments': [],
    });
    renderWithProviders(<AppRoutes />, { route: '/global-rankings/season-48' });
    await expectAt('/global-rankings/season-48', 'Survivor 48 Global Rankings');
  });

  it.each([
    ['/rankings', 'Browse Rankings'],
    ['/rankings/user/u9', 'User not found'],
    ['/list/u9/list_1700000000000', 'List not found'],
    ['/global-rankings', 'Global Rankings'],
  ])('renders %s', async (path, heading) => {
    mockServer();
    renderWithProviders(<AppRoutes />, { route: path });
    await expectAt(path, heading);
  });
});
