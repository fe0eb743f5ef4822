import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../../api/client';
import { comment } from '../../test/communityFixtures';
import { apiError, json, mockApi, renderApp, type Call } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import GlobalListPage from './GlobalListPage';
import GlobalRankingsPage from './GlobalRankingsPage';
import type { GlobalPoll, GlobalResults, GlobalScoredItem } from './globalApi';
import { globalListParts } from '../../app/parts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const BASE = '/api/global-rankings/season-48';

const catalog: Catalog = {
  version: 1,
  seasons: [
    {
      id: 's20',
      franchise: 'US',
      number: 20,
      name: 'Survivor: Heroes vs. Villains',
      logoUrl: '/media/seasons/20',
      contestants: [{ id: 'parvati-shallow', name: 'Parvati Shallow', imageUrl: '/media/contestants/s20/parvati' }],
    },
    {
      id: 's48',
      franchise: 'US',
      number: 48,
      name: 'Survivor 48',
      logoUrl: '/media/seasons/48',
      contestants: [
        { id: 'kyle-fraser', name: 'Kyle Fraser', imageUrl: '/media/contestants/s48/kyle' },
        { id: 'joe-hunter', name: 'Joe Hunter', imageUrl: '/media/contestants/s48/joe' },
        { id: 'eva-erickson', name: 'Eva Erickson', imageUrl: '/media/contestants/s48/eva' },
      ],
    },
  ],
};

const poll = (over: Partial<GlobalPoll> = {}): GlobalPoll => ({
  id: 'season-48',
  title: 'Survivor 48 Global Rankings',
  description: 'Rank your top 10 castaways of Survivor 48.',
  seasonId: 's48',
  seasonName: 'Survivor 48',
  isOpen: true,
  totalSubmissions: 2,
  ...over,
});

const scored = (id: string, name: string, totalScore: number, votes = 1): GlobalScoredItem => ({
  id,
  name,
  imageUrl: `/media/contestants/s48/${id}`,
  isSeason: false,
  seasonId: 's48',
  seasonName: 'Survivor 48',
  totalScore,
  votes,
});

const results = (over: Partial<GlobalPoll> = {}, top10 = [scored('joe-hunter', 'Joe Hunter', 19, 2), scored('kyle-fraser', 'Kyle Fraser', 9)]): GlobalResults => ({
  poll: poll(over),
  top10,
  totalSubmissions: over.totalSubmissions ?? 2,
});

const item = (id: string, name: string) => ({ id, name, imageUrl: `/media/contestants/s48/${id}`, isSeason: false, seasonId: 's48', seasonName: 'Survivor 48' });

interface ServerOptions {
  signedIn?: boolean;
  ballot?: (ReturnType<typeof item> | null)[] | null;
  open?: boolean;
  put?: (call: Call) => Response;
  get?: (n: number) => Response;
}

function server({ signedIn = true, ballot = null, open = true, put, get }: ServerOptions = {}) {
  let gets = 0;
  return mockApi(
    {
      'GET /api/catalog/seasons': catalog,
      [`GET ${BASE}`]: () => (get ? get(++gets) : json(results({ isOpen: open }))),
      [`GET ${BASE}/submission`]: () => json({ ranking: ballot, submittedAt: ballot ? '2026-11-01T00:00:00Z' : null }),
      [`PUT ${BASE}/submission`]: (call: Call) => (put ? put(call) : json(results({ totalSubmissions: 3 }))),
      [`GET ${BASE}/comments`]: [],
    },
    { me: signedIn ? sandra : null },
  );
}

function renderPage(path = '/global-rankings/season-48') {
  return renderApp(
    <Routes>
      <Route path="/global-rankings" element={<p>overview page</p>} />
      <Route path="/global-rankings/:listId" element={<GlobalListPage {...globalListParts} />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { route: path },
  );
}

const slotList = () => screen.getByRole('list', { name: 'Your top 10' });
const slotTexts = () => within(slotList()).getAllByRole('listitem').map((li) => li.textContent);

async function openSeason48(user: ReturnType<typeof userEvent.setup>) {
  const panel = await screen.findByRole('complementary', { name: 'Seasons' });
  await user.click(await within(panel).findByRole('button', { name: '48, Season 48' }));
  return panel;
}

describe('GlobalListPage modes', () => {
  it('signed out: results only, with points; voting asks for a sign-in', async () => {
    server({ signedIn: false });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Global Top 10 Results' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Survivor 48 Global Rankings' })).toBeInTheDocument();
    expect(screen.getByText('Total Submissions: 2')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Global Top 10' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1Joe Hunter19 pts', '2Kyle Fraser9 pts']);
    expect(screen.queryByText('Vote for #1')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Submit My Ranking' }));
    expect(await screen.findByText('You must be logged in to submit a ranking.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Global Top 10 Results' })).toBeInTheDocument();
  });

  it('signed in without a ballot: starts in edit with ten empty slots', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Vote for Your Top 10' })).toBeInTheDocument();
    for (let n = 1; n <= 10; n++) expect(screen.getByText(`Vote for #${n}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit My Ranking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Global Ranking' })).toBeInTheDocument();
  });

  it('signed in with a ballot: starts in results; View/Edit My Submission opens it prefilled, View Global Ranking goes back', async () => {
    server({ ballot: [item('joe-hunter', 'Joe Hunter'), null, item('kyle-fraser', 'Kyle Fraser'), null, null, null, null, null, null, null] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View/Edit My Submission' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Your Submission' })).toBeInTheDocument();
    expect(slotTexts().slice(0, 4)).toEqual(['1Joe Hunter', '2Vote for #2', '3Kyle Fraser', '4Vote for #4']);
    await user.click(screen.getByRole('button', { name: 'View Global Ranking' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Global Top 10 Results' })).toBeInTheDocument();
  });

  it('a closed poll shows results only and says so', async () => {
    server({ open: false });
    renderPage();
    expect(await screen.findByText('This vote is closed. These are the final results.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Global Top 10 Results' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit My Ranking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View/Edit My Submission' })).not.toBeInTheDocument();
  });

  it('an unknown poll goes back to the overview', async () => {
    mockApi({ [`GET /api/global-rankings/nope`]: apiError(404, 'Global ranking not found.', 'poll_not_found') });
    renderPage('/global-rankings/nope');
    expect(await screen.findByText('overview page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/global-rankings');
  });

  it('a failed load says so', async () => {
    server({ get: () => apiError(500, 'boom') });
    renderPage();
    expect(await screen.findByText('Failed to load global ranking.', {}, { timeout: 4000 })).toBeInTheDocument();
  }, 15_000);
});

describe('GlobalListPage slots', () => {
  it('click fills the first empty slot; duplicates, seasons and other seasons are refused; a slot can be emptied', async () => {
    server();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Vote for Your Top 10' });
    const panel = await openSeason48(user);
    await user.click(within(panel).getByRole('button', { name: 'Add Kyle Fraser' }));
    await user.click(within(panel).getByRole('button', { name: 'Add Joe Hunter' }));
    expect(slotTexts().slice(0, 3)).toEqual(['1Kyle Fraser', '2Joe Hunter', '3Vote for #3']);

    await user.click(within(panel).getByRole('button', { name: 'Add Kyle Fraser' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Kyle Fraser is already ranked at position 1.');

    await user.click(within(panel).getByRole('button', { name: 'Add season' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Seasons cannot be ranked in a global list. Choose contestants instead.');

    await user.click(within(panel).getByRole('button', { name: 'Back to Seasons' }));
    await user.click(within(panel).getByRole('button', { name: 'Heroes vs. Villains, Season 20' }));
    await user.click(within(panel).getByRole('button', { name: 'Add Parvati Shallow' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Parvati Shallow is not a contestant of Survivor 48.');

    await user.click(screen.getByRole('button', { name: 'Remove Kyle Fraser from position 1' }));
    expect(slotTexts().slice(0, 2)).toEqual(['1Vote for #1', '2Joe Hunter']);
    // The emptied slot is the first empty one again.
    await user.click(within(panel).getByRole('button', { name: 'Back to Seasons' }));
    await openSeason48(user);
    await user.click(within(panel).getByRole('button', { name: 'Add Eva Erickson' }));
    expect(slotTexts().slice(0, 2)).toEqual(['1Eva Erickson', '2Joe Hunter']);
  });

  it('the panel is in create mode only while editing', async () => {
    server({ ballot: [item('joe-hunter', 'Joe Hunter'), null, null, null, null, null, null, null, null, null] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'View/Edit My Submission' });
    // In results mode the page leaves the layout's browsing panel alone.
    expect(screen.queryByRole('complementary', { name: 'Seasons' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View/Edit My Submission' }));
    const panel = await openSeason48(user);
    expect(within(panel).getByRole('button', { name: 'Add Kyle Fraser' })).toBeInTheDocument();
  });
});

describe('GlobalListPage submit', () => {
  it('sends ten slots, says Ranking Submitted! for 3 s, shows the results and reloads them', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Vote for Your Top 10' });
    const panel = await openSeason48(user);
    await user.click(within(panel).getByRole('button', { name: 'Add Joe Hunter' }));
    await user.click(within(panel).getByRole('button', { name: 'Add Kyle Fraser' }));
    const loadsBefore = api.to(BASE, 'GET').length;
    await user.click(screen.getByRole('button', { name: 'Submit My Ranking' }));
    expect(await screen.findByText('Ranking Submitted!')).toBeInTheDocument();
    expect(api.to(`${BASE}/submission`, 'PUT')[0]?.body).toEqual({ ranking: ['joe-hunter', 'kyle-fraser', null, null, null, null, null, null, null, null] });
    expect(screen.getByRole('heading', { level: 2, name: 'Global Top 10 Results' })).toBeInTheDocument();
    await waitFor(() => expect(api.to(BASE, 'GET').length).toBeGreaterThan(loadsBefore));
    // Now the user has a ballot.
    expect(screen.getByRole('button', { name: 'View/Edit My Submission' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ranking Submitted!')).not.toBeInTheDocument(), { timeout: 4000 });
  }, 15_000);

  it('a server failure says Failed to submit ranking. Please try again.; a refusal shows the server message', async () => {
    let answer = apiError(500, 'internal');
    server({ put: () => answer });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Vote for Your Top 10' });
    await user.click(screen.getByRole('button', { name: 'Submit My Ranking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit ranking. Please try again.');
    expect(screen.getByRole('heading', { level: 2, name: 'Vote for Your Top 10' })).toBeInTheDocument();

    answer = apiError(400, 'Joe Hunter is already ranked at position 1.', 'validation');
    await user.click(screen.getByRole('button', { name: 'Submit My Ranking' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Joe Hunter is already ranked at position 1.'));
  });

  it('a failed reload after submitting says Failed to reload global ranking.', async () => {
    server({ get: (n) => (n === 1 ? json(results()) : apiError(500, 'down')) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Vote for Your Top 10' });
    await user.click(screen.getByRole('button', { name: 'Submit My Ranking' }));
    expect(await screen.findByText('Ranking Submitted!')).toBeInTheDocument();
    expect(await screen.findByText('Failed to reload global ranking.', {}, { timeout: 4000 })).toBeInTheDocument();
    // The results the submit answered stay on screen.
    expect(screen.getByText('Joe Hunter')).toBeInTheDocument();
  }, 15_000);
});

describe('GlobalListPage Discussion', () => {
  it('reads the poll thread and uses the poll vote failure text', async () => {
    mockApi(
      {
        'GET /api/catalog/seasons': catalog,
        [`GET ${BASE}`]: results(),
        [`GET ${BASE}/submission`]: { ranking: null, submittedAt: null },
        [`GET ${BASE}/comments`]: [comment({ id: 'c1', text: 'Joe was robbed', listUserId: '', listId: 'season-48', replies: [] })],
        'PUT /api/comments/c1/vote': apiError(500, 'down'),
      },
      { me: sandra },
    );
    const user = userEvent.setup();
    renderPage();
    const section = (await screen.findByRole('heading', { level: 2, name: /Discussion/ })).closest('section')!;
    expect(await within(section).findByText('Joe was robbed')).toBeInTheDocument();
    expect(within(section).getByText('500 characters remaining')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Upvote' }));
    expect(await within(section).findByText('Failed to process vote.')).toBeInTheDocument();
  });
});

describe('GlobalRankingsPage', () => {
  it('shows a card per poll with its total, top 3 in points and a rain of 20 trophies, linking to the poll', async () => {
    mockApi({
      'GET /api/global-rankings': {
        polls: [
          {
            ...poll({ totalSubmissions: 5 }),
            top: [scored('joe-hunter', 'Joe Hunter', 40), scored('kyle-fraser', 'Kyle Fraser', 31), scored('eva-erickson', 'Eva Erickson', 12)],
          },
        ],
      },
    });
    renderApp(<GlobalRankingsPage />, { route: '/global-rankings' });
    const link = await screen.findByRole('link', { name: 'Survivor 48 Global Rankings' });
    expect(link).toHaveAttribute('href', '/global-rankings/season-48');
    expect(screen.getByText('Total Submissions: 5')).toBeInTheDocument();
    const top = within(screen.getByRole('list', { name: 'Current top 3 of Survivor 48 Global Rankings' })).getAllByRole('listitem');
    expect(top.map((li) => li.textContent)).toEqual(['1Joe Hunter40 pts', '2Kyle Fraser31 pts', '3Eva Erickson12 pts']);
    const rain = screen.getByTestId('trophy-rain');
    expect(rain).toHaveAttribute('aria-hidden', 'true');
    expect(rain.querySelectorAll('svg')).toHaveLength(20);
  });

  it('says when loading fails and when there are no polls', async () => {
    mockApi({ 'GET /api/global-rankings': apiError(500, 'down') });
    const { unmount } = renderApp(<GlobalRankingsPage />, { route: '/global-rankings' });
    expect(await screen.findByText('Failed to load global ranking.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/global-rankings': { polls: [] } });
    renderApp(<GlobalRankingsPage />, { route: '/global-rankings' });
    expect(await screen.findByText('No global rankings are open yet. Check back soon.')).toBeInTheDocument();
  });
});
