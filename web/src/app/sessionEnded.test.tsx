import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../api/contract';
import { messages } from '../features/auth/authApi';
import { mockListsServer, rankedList } from '../test/listsServer';
import { renderWithProviders, sandra } from '../test/utils';
import { AppRoutes } from './AppRoutes';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a session ended elsewhere while a list is being edited', () => {
  it('keeps the unsaved changes, and signing in again reopens the same list with them', async () => {
    let signedIn = true;
    const { calls } = mockListsServer({
      routes: {
        'GET /api/me': () => (signedIn ? { status: 200, body: sandra } : { status: 401, body: { error: { code: 'unauthorized', message: MESSAGES.signedOut } } }),
        'GET /api/lists/u1/list_1': { status: 200, body: rankedList() },
        'PUT /api/lists/u1/list_1': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'You must be signed in to save a list.' } } }),
        'POST /api/auth/login': () => {
          signedIn = true;
          document.cookie = 'castaway_signed_in=1; Path=/';
          return { status: 200, body: sandra };
        },
      },
    });
    localStorage.setItem('castaway.me', JSON.stringify({ id: sandra.id }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: { pathname: '/create', state: { editingListId: 'list_1' } } });
    const name = await screen.findByDisplayValue('Queens of the Game', {}, { timeout: 5000 });
    await user.clear(name);
    await user.type(name, 'Queens, revised');

    signedIn = false;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In Required' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(messages.sessionEnded)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email', { selector: 'input' }), sandra.email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Edit Ranking' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/create'));
    // The form fills from the kept draft once the list has loaded again: awaited, as on a busy machine it comes after the heading.
    expect(await screen.findByDisplayValue('Queens, revised', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your unsaved changes were restored.')).toBeInTheDocument();
    expect(screen.queryByText(messages.sessionEnded)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/auth/login')).toHaveLength(1);
  });
});
