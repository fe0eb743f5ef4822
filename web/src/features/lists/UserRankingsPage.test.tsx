import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../../test/communityFixtures';
import { apiError, json, mockApi, renderApp } from '../../test/mockApi';
import { MESSAGES } from '../../api/contract';
import UserRankingsPage from './UserRankingsPage';
import { userRankingsParts } from '../../app/parts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(route: string | { pathname: string; state?: unknown }) {
  return renderApp(
    <Routes>
      <Route path="/rankings/user/:userId" element={<UserRankingsPage {...userRankingsParts} />} />
    </Routes>,
    { route },
  );
}

describe('UserRankingsPage', () => {
  it('names the user from navigation state at once, then from the server', async () => {
    let answer: (r: Response) => void = () => {};
    const api = mockApi({
      'GET /api/users/u2': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/users/u2/lists': { lists: [summary({ name: 'One' }), summary({ id: 'l2', name: 'Two' })] },
    });
    renderPage({ pathname: '/rankings/user/u2', state: { userName: 'Parv' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Rankings by Parv' })).toBeInTheDocument();
    // Nothing under the banner until the profile comes: its counts would push it down.
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.profileLoading);
    await waitFor(() => expect(api.to('/api/users/u2/lists')).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Rankings by Parv' })).not.toBeInTheDocument();
    answer(json({ id: 'u2', displayName: 'Parvati', idolsFound: 3, listCount: 2 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rankings by Parvati' })).toBeInTheDocument();
    expect(screen.getByText('Hidden Immunity Idols: 3')).toBeInTheDocument();
    expect(await screen.findByText('2 ranking(s) created by this user')).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Rankings by Parvati' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
  });

  it('says when the user does not exist', async () => {
    mockApi({
      'GET /api/users/nobody': apiError(404, 'User not found', 'user_not_found'),
      'GET /api/users/nobody/lists': apiError(404, 'User not found', 'user_not_found'),
    });
    renderPage('/rankings/user/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  });

  it('an author without lists', async () => {
    mockApi({
      'GET /api/users/u2': { id: 'u2', displayName: 'Parvati', idolsFound: 0, listCount: 0 },
      'GET /api/users/u2/lists': { lists: [] },
    });
    renderPage('/rankings/user/u2');
    expect(await screen.findByText('0 ranking(s) created by this user')).toBeInTheDocument();
    expect(screen.getByText('Parvati has not published a ranking yet.')).toBeInTheDocument();
  });
});
