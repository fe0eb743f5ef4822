import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeParts, userRankingsParts } from './parts';
import { summary } from '../test/communityFixtures';
import { json, mockApi, renderApp } from '../test/mockApi';
import { sandra } from '../test/utils';
import HomePage from '../features/home/HomePage';
import UserRankingsPage from '../features/lists/UserRankingsPage';
import FeedPage from '../features/following/FeedPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const emptyHome = { topThisWeek: [], recent: [], favorites: [] };

describe('Follow on a user page', () => {
  it('shows the counts, follows with one press and then reads Following', async () => {
    let followed = false;
    const server = mockApi(
      {
        'GET /api/users/u2': () => json({ id: 'u2', displayName: 'Parvati', idolsFound: 0, listCount: 0, followerCount: followed ? 3 : 2, followingCount: 1, followedByMe: followed }),
        'GET /api/users/u2/lists': { lists: [] },
        'PUT /api/me/following/u2': () => {
          followed = true;
          return new Response(null, { status: 204 });
        },
      },
      { me: sandra },
    );
    renderApp(
      <Routes>
        <Route path="/rankings/user/:userId" element={<UserRankingsPage {...userRankingsParts} />} />
      </Routes>,
      { route: '/rankings/user/u2' },
    );
    await waitFor(() => expect(screen.getByTestId('follow-counts')).toHaveTextContent('2 followers · 1 following'));
    const follow = await screen.findByRole('button', { name: 'Follow Parvati' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(follow);
    expect(await screen.findByRole('button', { name: 'Following Parvati' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByTestId('follow-counts')).toHaveTextContent('3 followers · 1 following'));
    expect(server.to('/api/me/following/u2', 'PUT')).toHaveLength(1);
  });

  it('offers no Follow on your own page', async () => {
    const server = mockApi(
      {
        'GET /api/users/u1': { id: 'u1', displayName: 'Sandra', idolsFound: 0, listCount: 0, followerCount: 4, followingCount: 0 },
        'GET /api/users/u1/lists': { lists: [] },
      },
      { me: sandra },
    );
    renderApp(
      <Routes>
        <Route path="/rankings/user/:userId" element={<UserRankingsPage {...userRankingsParts} />} />
      </Routes>,
      { route: '/rankings/user/u1' },
    );
    await waitFor(() => expect(screen.getByTestId('follow-counts')).toHaveTextContent('4 followers · 0 following'));
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.url.pathname === '/api/users/')).toHaveLength(0);
  });
});

describe("Home's From Fans You Follow", () => {
  it('shows a few lists from the feed and a link to all of it for a fan who follows someone', async () => {
    const server = mockApi(
      {
        'GET /api/home': emptyHome,
        'GET /api/feed': { lists: [summary({ id: 'f1', name: 'Heroes by Ben' }), summary({ id: 'f2', name: 'Villains by Ben' })], followingCount: 1 },
      },
      { me: { ...sandra, followingCount: 1 } },
    );
    renderApp(<HomePage {...homeParts} />);
    const grid = await screen.findByRole('list', { name: 'From Fans You Follow' });
    expect(await within(grid).findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'See all from fans you follow' })).toHaveAttribute('href', '/feed');
    expect(server.to('/api/feed')[0]?.url.searchParams.get('limit')).toBe('3');
  });

  it('is not there, nor asked for, when the fan follows nobody', async () => {
    const server = mockApi({ 'GET /api/home': emptyHome }, { me: sandra });
    renderApp(<HomePage {...homeParts} />);
    expect(await screen.findByRole('heading', { name: 'Recently Created Lists' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'From Fans You Follow' })).not.toBeInTheDocument();
    expect(server.to('/api/feed')).toHaveLength(0);
  });
});

describe('FeedPage', () => {
  it('pages the feed with Show more', async () => {
    mockApi(
      {
        'GET /api/feed': ({ url }) =>
          url.searchParams.get('cursor') === 'c2'
            ? json({ lists: [summary({ id: 'f3', name: 'Third' })], followingCount: 2 })
            : json({ lists: [summary({ id: 'f1', name: 'First' }), summary({ id: 'f2', name: 'Second' })], nextCursor: 'c2', followingCount: 2 }),
      },
      { me: sandra },
    );
    renderApp(<FeedPage />);
    const grid = await screen.findByRole('list', { name: 'From Fans You Follow' });
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(2));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says how to start when the fan follows nobody', async () => {
    mockApi({ 'GET /api/feed': { lists: [], followingCount: 0 } }, { me: sandra });
    renderApp(<FeedPage />);
    expect(await screen.findByText(/You don't follow anyone yet/)).toBeInTheDocument();
  });
});
