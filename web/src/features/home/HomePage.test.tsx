import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../../test/communityFixtures';
import { apiError, mockApi, renderApp } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import { homeParts } from '../../app/parts';
import HomePage from './HomePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const home = {
  topThisWeek: [summary({ id: 'l1', name: 'Top One' }), summary({ id: 'l2', name: 'Top Two' })],
  recent: [summary({ id: 'l3', name: 'Fresh One' }), summary({ id: 'l4', name: 'Fresh Two' }), summary({ id: 'l5', name: 'Fresh Three' })],
  favorites: [summary({ id: 'l6', name: 'Fave One', userName: 'Boston Rob' })],
};

function renderHome() {
  return renderApp(
    <Routes>
      <Route path="/" element={<HomePage {...homeParts} />} />
      <Route path="/list/:userId/:listId" element={<p>list page</p>} />
    </Routes>,
  );
}

describe('HomePage', () => {
  it('signed out: top voted and recent lists, no favorites, one request', async () => {
    const server = mockApi({ 'GET /api/home': { ...home, favorites: [] } });
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Survivor Rankings' })).toBeInTheDocument();
    const top = await screen.findByRole('list', { name: 'Top Voted Lists This Week' });
    expect(within(top).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Top One', 'Top Two']);
    const recent = screen.getByRole('list', { name: 'Recently Created Lists' });
    expect(within(recent).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Your Favorite Lists' })).not.toBeInTheDocument();
    expect(server.to('/api/home')).toHaveLength(1);
  });

  it('signed in: also the favorite lists', async () => {
    const server = mockApi({ 'GET /api/home': home }, { me: sandra });
    renderHome();
    const favs = await screen.findByRole('list', { name: 'Your Favorite Lists' });
    expect(within(favs).getByRole('link', { name: 'Fave One' })).toBeInTheDocument();
    expect(within(favs).getByRole('link', { name: 'Boston Rob' })).toHaveAttribute('href', '/rankings/user/u2');
    expect(server.to('/api/home')).toHaveLength(1);
  });

  it('cards preview the top 3 items with their numbers', async () => {
    mockApi({ 'GET /api/home': home });
    renderHome();
    const card = await screen.findByRole('article', { name: 'Top One' });
    const top3 = within(card).getByRole('list', { name: 'Top 3' });
    expect(within(top3).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Sandra Diaz-Twine', '2Parvati Shallow', '3Amanda Kimmel']);
    expect(within(card).getByText('4 upvotes')).toBeInTheDocument();
    expect(within(card).getByText('10 contestants')).toBeInTheDocument();
  });

  it('an empty section says so', async () => {
    mockApi({ 'GET /api/home': { topThisWeek: [], recent: [], favorites: [] } }, { me: sandra });
    renderHome();
    expect(await screen.findByText(/No lists have been voted on this week yet/)).toBeInTheDocument();
    expect(screen.getByText(/Fresh rankings from the community land here/)).toBeInTheDocument();
    expect(screen.getByText(/Star a list to keep it close at hand/)).toBeInTheDocument();
  });

  it('shows the failure text when the lists cannot load', async () => {
    mockApi({ 'GET /api/home': apiError(503, 'down', 'internal') });
    renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load lists. Please try again later.');
  });

  it('opens a list with state from home', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/home': home });
    renderHome();
    await user.click(await screen.findByRole('link', { name: 'Fresh Two' }));
    expect(await screen.findByText('list page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/list/u2/l4');
    expect(screen.getByTestId('state')).toHaveTextContent('{"from":"home"}');
  });
});
