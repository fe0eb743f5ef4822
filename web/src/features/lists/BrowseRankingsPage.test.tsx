import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../../test/communityFixtures';
import { apiError, json, mockApi, renderApp, type Call } from '../../test/mockApi';
import BrowseRankingsPage, { SEARCH_DEBOUNCE_MS } from './BrowseRankingsPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function pageOf(call: Call, total = 30) {
  const page = Number(call.url.searchParams.get('page') ?? '1');
  return json({
    lists: [summary({ id: `list_${page}`, name: `List on page ${page}` })],
    page,
    pageSize: 12,
    total,
    totalPages: Math.max(1, Math.ceil(total / 12)),
  });
}

function renderBrowse(route = '/rankings') {
  return renderApp(
    <Routes>
      <Route path="/rankings" element={<BrowseRankingsPage />} />
      <Route path="/list/:userId/:listId" element={<p>list page</p>} />
    </Routes>,
    { route },
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('BrowseRankingsPage', () => {
  it('reads every filter from the URL, sends it to the server and shows it in the controls', async () => {
    const server = mockApi({ 'GET /api/lists': pageOf });
    renderBrowse('/rankings?q=parv&type=survivor&sort=mostVotes&tag=social&tag=strategic&page=2');
    expect(await screen.findByText('List on page 2')).toBeInTheDocument();
    const sent = server.to('/api/lists')[0]!.url.searchParams;
    expect(sent.get('q')).toBe('parv');
    expect(sent.get('type')).toBe('survivor');
    expect(sent.get('sort')).toBe('mostVotes');
    expect(sent.getAll('tag')).toEqual(['social', 'strategic']);
    expect(sent.get('page')).toBe('2');

    expect(screen.getByPlaceholderText('Search rankings...')).toHaveValue('parv');
    expect(screen.getByLabelText('Ranking Type')).toHaveValue('survivor');
    expect(screen.getByLabelText('Sort')).toHaveValue('mostVotes');
    expect(screen.getByRole('button', { name: 'Social' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Strategic' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Spoiler' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('filters by format: tier lists only, kept in the URL with the other filters', async () => {
    const server = mockApi({ 'GET /api/lists': pageOf });
    const user = userEvent.setup();
    renderBrowse('/rankings?type=season');
    await screen.findByText('List on page 1');
    expect(server.to('/api/lists')[0]!.url.searchParams.has('format')).toBe(false);
    await user.selectOptions(screen.getByLabelText('Format'), 'Tier lists');
    await waitFor(() => expect(location()).toBe('/rankings?type=season&format=tiers'));
    await waitFor(() => expect(server.to('/api/lists').at(-1)!.url.searchParams.get('format')).toBe('tiers'));
    expect(server.to('/api/lists').at(-1)!.url.searchParams.get('type')).toBe('season');
    expect(screen.getByLabelText('Format')).toHaveValue('tiers');
  });

  it('filters by franchise, the US first, and reads it back from the URL', async () => {
    const server = mockApi({ 'GET /api/lists': pageOf });
    const user = userEvent.setup();
    renderBrowse('/rankings?franchise=Mars');
    await screen.findByText('List on page 1');
    const franchise = screen.getByLabelText('Franchise');
    expect(franchise).toHaveValue('all');
    expect(within(franchise).getAllByRole('option').map((o) => o.textContent)).toEqual(['All franchises', 'US', 'Australia', 'South Africa', 'New Zealand', 'UK']);
    expect(server.to('/api/lists')[0]!.url.searchParams.has('franchise')).toBe(false);
    await user.selectOptions(franchise, 'Australia');
    await waitFor(() => expect(location()).toBe('/rankings?franchise=AU'));
    await waitFor(() => expect(server.to('/api/lists').at(-1)!.url.searchParams.get('franchise')).toBe('AU'));
  });

  it('reads the format from the URL, ignoring one the server would refuse', async () => {
    mockApi({ 'GET /api/lists': pageOf });
    renderBrowse('/rankings?format=ranked');
    await screen.findByText('List on page 1');
    expect(screen.getByLabelText('Format')).toHaveValue('ranked');
  });

  it('offers the spec labels for type and sort', async () => {
    mockApi({ 'GET /api/lists': pageOf });
    renderBrowse();
    const type = screen.getByLabelText('Ranking Type');
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Rankings', 'Season Rankings', 'Survivor Rankings']);
    const sort = screen.getByLabelText('Sort');
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Newest', 'Most Votes', 'Oldest']);
    expect(screen.getByRole('group', { name: 'Tags' })).toHaveTextContent('FavoritesSocialStrategicChallenge BeastsSpoiler');
    await screen.findByText('List on page 1');
  });

  it('ignores values the server would refuse', async () => {
    const server = mockApi({ 'GET /api/lists': pageOf });
    renderBrowse('/rankings?type=bogus&sort=random&tag=nope&tag=spoiler&page=-3');
    await screen.findByText('List on page 1');
    const sent = server.to('/api/lists')[0]!.url.searchParams;
    expect(sent.get('type')).toBe('all');
    expect(sent.get('sort')).toBe('newest');
    expect(sent.getAll('tag')).toEqual(['spoiler']);
    expect(sent.get('page')).toBe('1');
  });

  it('changing a filter writes the URL and goes back to page 1', async () => {
    const user = userEvent.setup();
    const server = mockApi({ 'GET /api/lists': pageOf });
    renderBrowse('/rankings?page=3');
    await screen.findByText('List on page 3');

    await user.selectOptions(screen.getByLabelText('Sort'), 'Most Votes');
    await screen.findByText('List on page 1');
    expect(location()).toBe('/rankings?sort=mostVotes');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('List on page 2');
    expect(location()).toBe('/rankings?sort=mostVotes&page=2');

    await user.click(screen.getByRole('button', { name: 'Challenge Beasts' }));
    await screen.findByText('List on page 1');
    expect(screen.getByRole('button', { name: 'Challenge Beasts' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/rankings?sort=mostVotes&tag=challenge');

    await user.selectOptions(screen.getByLabelText('Ranking Type'), 'Season Rankings');
    await waitFor(() => expect(location()).toBe('/rankings?type=season&sort=mostVotes&tag=challenge'));
    const last = server.to('/api/lists').at(-1)!.url.searchParams;
    expect(last.get('type')).toBe('season');
    expect(last.get('page')).toBe('1');
  });

  it('searches once typing pauses, and resets the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = mockApi({ 'GET /api/lists': pageOf });
    renderBrowse('/rankings?page=2');
    await screen.findByText('List on page 2');
    const search = screen.getByPlaceholderText('Search rankings...');
    fireEvent.change(search, { target: { value: 'q' } });
    fireEvent.change(search, { target: { value: 'que' } });
    fireEvent.change(search, { target: { value: 'queens' } });
    expect(server.to('/api/lists')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50);
    });
    await waitFor(() => expect(location()).toBe('/rankings?q=queens'));
    await screen.findByText('List on page 1');
    const searches = server.to('/api/lists').slice(1);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.url.searchParams.get('q')).toBe('queens');
  });

  it('keeps a tag or a type chosen while a search is pending: the late search merges into the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = mockApi({ 'GET /api/lists': pageOf });
    renderBrowse();
    await screen.findByText('List on page 1');
    const search = screen.getByPlaceholderText('Search rankings...');
    const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

    fireEvent.change(search, { target: { value: 'villains' } });
    await wait(150);
    fireEvent.click(screen.getByRole('button', { name: 'Strategic' }));
    await wait(SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(location()).toBe('/rankings?q=villains&tag=strategic'));
    expect(screen.getByRole('button', { name: 'Strategic' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.change(search, { target: { value: 'heroes' } });
    await wait(150);
    fireEvent.change(screen.getByLabelText('Ranking Type'), { target: { value: 'season' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(location()).toBe('/rankings?q=heroes&type=season&tag=strategic'));
    expect(screen.getByLabelText('Ranking Type')).toHaveValue('season');
    expect(search).toHaveValue('heroes');
    await waitFor(() => expect(server.to('/api/lists').at(-1)!.url.searchParams.toString()).toBe('q=heroes&type=season&sort=newest&tag=strategic&page=1'));
  });

  it('pages with Previous and Next and says where it is', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/lists': pageOf });
    renderBrowse();
    await screen.findByText('List on page 1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('List on page 3');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('List on page 2');
    expect(location()).toBe('/rankings?page=2');
  });

  it('shows a capped count honestly and goes past its last page with the server cursor', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/lists': ({ url }: Call) => {
        const cursor = url.searchParams.get('cursor');
        const page = Number(url.searchParams.get('page') ?? '1');
        return json({
          lists: [summary({ id: `l${page}`, name: cursor ? `Past the count via ${cursor}` : `Capped page ${page}` })],
          page,
          pageSize: 12,
          total: 1000,
          totalPages: 84,
          totalIsCapped: true,
          nextCursor: `after-${page}`,
        });
      },
    });
    renderBrowse('/rankings?page=84');
    await screen.findByText('Capped page 84');
    expect(screen.getByText('1,000+ rankings')).toBeInTheDocument();
    expect(screen.getByText('Page 84 of 84+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Past the count via after-84');
    expect(location()).toBe('/rankings?page=85&cursor=after-84');
  });

  it('says when nothing matches', async () => {
    mockApi({ 'GET /api/lists': json({ lists: [], page: 1, pageSize: 12, total: 0, totalPages: 1 }) });
    renderBrowse('/rankings?q=zzz');
    expect(await screen.findByText('No lists found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });

  it('shows the spec failure text when the server fails', async () => {
    mockApi({ 'GET /api/lists': apiError(500, 'boom', 'internal') });
    renderBrowse();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load public lists. Please try again later.');
  });

  it('opens a card with state from other', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/lists': pageOf });
    renderBrowse();
    await user.click(await screen.findByRole('link', { name: 'List on page 1' }));
    expect(await screen.findByText('list page')).toBeInTheDocument();
    expect(location()).toBe('/list/u2/list_1');
    expect(screen.getByTestId('state')).toHaveTextContent('{"from":"other"}');
  });
});
