import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../test/utils';
import MyListsPage from './MyListsPage';
import { mockListsServer, summary } from '../../test/listsServer';
import { myListsParts } from '../../app/parts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MyListsPage', () => {
  it('shows idols, the create button and a card per list with top 3, count and a Private badge', async () => {
    mockListsServer({
      me: sandra,
      routes: {
        'GET /api/users/u1/lists': {
          status: 200,
          body: { lists: [summary(), summary({ id: 'list_2', name: 'Secret picks', isPublic: false, contestantCount: 1 })] },
        },
      },
    });
    renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    expect(await screen.findByText('Hidden Immunity Idols: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ Create New Ranking' })).toHaveAttribute('href', '/create');
    const card = (await screen.findByRole('link', { name: 'Queens of the Game' })).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText(/^Updated: /)).toBeInTheDocument();
    expect(within(card).getByText('2 contestants')).toBeInTheDocument();
    expect(within(card).getByText('Sandra Diaz-Twine')).toBeInTheDocument();
    expect(within(card).queryByText('Private')).not.toBeInTheDocument();
    const secret = screen.getByRole('link', { name: 'Secret picks' }).closest('li');
    if (!secret) throw new Error('no card');
    expect(within(secret).getByText('Private')).toBeInTheDocument();
  });

  it('a tier list’s card shows its top tier’s entries under the tier’s label and says it is a tier list', async () => {
    mockListsServer({
      me: sandra,
      routes: { 'GET /api/users/u1/lists': { status: 200, body: { lists: [summary({ format: 'tiers', topTier: { label: 'S', color: 'red' } })] } } },
    });
    renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    const top = await screen.findByRole('list', { name: 'Top tier S of Queens of the Game' });
    expect([...top.querySelectorAll('[data-color="red"]')].map((m) => m.textContent)).toEqual(['S', 'S']);
    expect(screen.getByText('Tier list')).toBeInTheDocument();
  });

  it('opens the creator in edit mode from Edit', async () => {
    mockListsServer({ me: sandra, routes: { 'GET /api/users/u1/lists': { status: 200, body: { lists: [summary()] } } } });
    const user = userEvent.setup();
    renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    await user.click(await screen.findByRole('button', { name: 'Edit Queens of the Game' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/create');
  });

  it('delete needs Confirm within 5 s; the confirm state expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockListsServer({
      me: sandra,
      routes: {
        'GET /api/users/u1/lists': { status: 200, body: { lists: [summary()] } },
        'DELETE /api/lists/u1/list_1': { status: 204 },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    await user.click(await screen.findByRole('button', { name: 'Delete Queens of the Game' }));
    expect(screen.getByRole('button', { name: 'Confirm deleting Queens of the Game' })).toHaveTextContent('Confirm');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('button', { name: 'Delete Queens of the Game' })).toHaveTextContent('Delete');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Queens of the Game' }));
    await user.click(screen.getByRole('button', { name: 'Confirm deleting Queens of the Game' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Queens of the Game' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/lists/u1/list_1')).toBe(true);
    expect(screen.getByText('No rankings yet')).toBeInTheDocument();
  });

  it('shows the delete failure and keeps the card', async () => {
    mockListsServer({
      me: sandra,
      routes: {
        'GET /api/users/u1/lists': { status: 200, body: { lists: [summary()] } },
        'DELETE /api/lists/u1/list_1': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    await user.click(await screen.findByRole('button', { name: 'Delete Queens of the Game' }));
    await user.click(screen.getByRole('button', { name: 'Confirm deleting Queens of the Game' }));
    expect(await screen.findByText('Failed to delete list. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Queens of the Game' })).toBeInTheDocument();
  });

  it('shows the empty state and the load failure', async () => {
    mockListsServer({ me: sandra, routes: { 'GET /api/users/u1/lists': { status: 200, body: { lists: [] } } } });
    const { unmount } = renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    expect(await screen.findByText('No rankings yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first ranking' })).toHaveAttribute('href', '/create');
    unmount();

    mockListsServer({ me: sandra, routes: { 'GET /api/users/u1/lists': { status: 503, body: { error: { code: 'x', message: 'x' } } } } });
    renderWithProviders(<MyListsPage {...myListsParts} />, { route: '/mylists' });
    expect(await screen.findByText('Failed to load your lists. Please try again.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
