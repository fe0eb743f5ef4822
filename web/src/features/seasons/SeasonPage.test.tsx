import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogFixture, renderWithProviders } from '../../test/utils';
import { mockListsServer } from '../../test/listsServer';
import { au3Game } from '../../test/gameFixtures';
import { MESSAGES } from '../../api/contract';
import SeasonPage from './SeasonPage';
import { seasonParts } from '../../app/parts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/seasons/:seasonId" element={<SeasonPage {...seasonParts} />} />
    </Routes>,
    { route: path },
  );
}

describe('SeasonPage: the game', () => {
  it('shows the game first, then the community ranking, naming the franchise', async () => {
    mockListsServer({
      routes: {
        'GET /api/seasons/au3/game': { status: 200, body: au3Game },
        'GET /api/seasons/au3/consensus': {
          status: 200,
          body: { listCount: 1, ranking: [{ id: 'au-sharn-coombes', name: 'Sharn Coombes', score: 50, listCount: 1 }], agreeing: [] },
        },
      },
    });
    renderAt('/seasons/au3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Australia: Champions vs. Contenders' })).toBeInTheDocument();
    expect(screen.getByText('Australia · Season 3')).toBeInTheDocument();
    expect(document.title).toBe('Australia: Champions vs. Contenders — Survivor Rankings');
    const facts = await screen.findByRole('region', { name: 'Where and when' });
    const community = await screen.findByRole('list', { name: 'Community ranking of Australia: Champions vs. Contenders' });
    // The game comes before the community's view of it.
    expect(facts.compareDocumentPosition(community) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(community).getByRole('link', { name: 'Sharn Coombes' })).toHaveAttribute('href', '/castaways/au-sharn-coombes');
  });

  it("waits for the season's name before laying the page out, reading its game meanwhile", async () => {
    const { fetchMock, calls } = mockListsServer({
      routes: {
        'GET /api/seasons/au3/game': { status: 200, body: au3Game },
        'GET /api/seasons/au3/consensus': { status: 200, body: { listCount: 0, ranking: [], agreeing: [] } },
      },
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/catalog/seasons')) await held;
      return fetchMock(input, init);
    });
    renderAt('/seasons/au3');
    expect(screen.getByText(MESSAGES.onAirSeasonLoading)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/seasons/au3/game')).toBe(true));
    // Nothing is drawn under the banner yet: its name may take two lines and push it down.
    expect(screen.queryByRole('region', { name: 'Where and when' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Australia: Champions vs. Contenders' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Where and when' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/seasons/au3/game')).toHaveLength(1);
  });

  it('says when the season has no game data, and still shows its ranking', async () => {
    mockListsServer({
      routes: {
        'GET /api/seasons/s1/game': { status: 404, body: { error: { code: 'season_not_found', message: 'Season not found' } } },
        'GET /api/seasons/s1/consensus': { status: 200, body: { listCount: 0, ranking: [], agreeing: [] } },
      },
    });
    renderAt('/seasons/s1');
    expect(await screen.findByText(MESSAGES.gameSeasonMissing)).toBeInTheDocument();
    expect(await screen.findByText("No public list ranks this season's castaways yet.")).toBeInTheDocument();
  });

  it('shows a failed game with a retry that loads it', async () => {
    let calls = 0;
    mockListsServer({
      routes: {
        'GET /api/seasons/au3/game': () => (++calls <= 2 ? { status: 503, body: { error: { code: 'unavailable', message: 'boom' } } } : { status: 200, body: au3Game }),
        'GET /api/seasons/au3/consensus': { status: 200, body: { listCount: 0, ranking: [], agreeing: [] } },
      },
    });
    renderAt('/seasons/au3');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(MESSAGES.gameFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Where and when' })).toBeInTheDocument();
  });
});

describe('SeasonPage: the community ranking', () => {
  it('shows the cast best first with scores, list counts and the lists agreeing most', async () => {
    mockListsServer({
      routes: {
        'GET /api/seasons/s1/consensus': {
          status: 200,
          body: {
            listCount: 12,
            ranking: [
              { id: 'rudy-boesch', name: 'Rudy Boesch', score: 61.5, listCount: 10 },
              { id: 'richard-hatch', name: 'Richard Hatch', score: 40.2, listCount: 1 },
            ],
            agreeing: [{ userId: 'u2', listId: 'list_2', name: 'Borneo forever', userName: 'Rob', agreement: 97 }],
          },
        },
      },
    });
    renderAt('/seasons/s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Borneo' })).toBeInTheDocument();
    const ranking = await screen.findByRole('list', { name: 'Community ranking of Borneo' });
    const rows = within(ranking).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/Rudy Boesch.*Named in 10 lists.*61\.5/), expect.stringMatching(/Richard Hatch.*Named in 1 list.*40\.2/)]);
    expect(screen.getByText(/From 12 public lists/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Borneo forever/ })).toHaveAttribute('href', '/list/u2/list_2');
    expect(screen.getByRole('link', { name: /Borneo forever/ })).toHaveTextContent('by Rob · 97% agreement');
  });

  it('says when no list ranks the season yet, and when the season does not exist', async () => {
    mockListsServer({ routes: { 'GET /api/seasons/s45/consensus': { status: 200, body: { listCount: 0, ranking: [], agreeing: [] } } } });
    const { unmount } = renderAt('/seasons/s45');
    expect(await screen.findByText("No public list ranks this season's castaways yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a ranking' })).toHaveAttribute('href', '/create');
    unmount();
    renderAt('/seasons/s99');
    expect(await screen.findByRole('heading', { name: 'Season not found' })).toBeInTheDocument();
  });

  it('reads the catalog afresh for a season its copy lacks (one added on air since) before saying it is not there', async () => {
    const added = { ...catalogFixture.seasons[0]!, id: 's51', number: 51, name: 'Survivor 51', contestants: [] };
    let reads = 0;
    const { fetchMock } = mockListsServer({
      routes: {
        'GET /api/catalog/seasons': () => ({ status: 200, body: reads++ === 0 ? catalogFixture : { ...catalogFixture, seasons: [...catalogFixture.seasons, added] } }),
        'GET /api/seasons/s51/consensus': { status: 200, body: { listCount: 0, ranking: [], agreeing: [] } },
      },
    });
    renderAt('/seasons/s51');
    expect(await screen.findByRole('heading', { level: 1, name: '51' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Season not found' })).not.toBeInTheDocument();
    expect(reads).toBe(2);
    const second = fetchMock.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/api/catalog/seasons'))[1]![0];
    expect(second instanceof Request ? second.cache : undefined).toBe('no-cache');
  });

  it('shows the failure with a retry', async () => {
    mockListsServer({ routes: { 'GET /api/seasons/s1/consensus': { status: 500, body: { error: { code: 'internal', message: 'boom' } } } } });
    renderAt('/seasons/s1');
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 })).toBeInTheDocument();
  });
});

