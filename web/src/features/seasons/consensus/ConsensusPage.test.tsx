import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { mockListsServer } from '../../../test/listsServer';
import SeasonsConsensusPage, { SeasonConsensusPage } from './ConsensusPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/seasons" element={<SeasonsConsensusPage />} />
      <Route path="/seasons/:seasonId" element={<SeasonConsensusPage />} />
    </Routes>,
    { route: path },
  );
}

describe('SeasonConsensusPage', () => {
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

  it('shows the failure with a retry', async () => {
    mockListsServer({ routes: { 'GET /api/seasons/s1/consensus': { status: 500, body: { error: { code: 'internal', message: 'boom' } } } } });
    renderAt('/seasons/s1');
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('SeasonsConsensusPage', () => {
  it('ranks the seasons, each linking to its cast ranking, with every season listed', async () => {
    mockListsServer({
      routes: {
        'GET /api/seasons/consensus': {
          status: 200,
          body: { listCount: 3, ranking: [{ id: 's20', name: 'Survivor: Heroes vs. Villains', score: 50, listCount: 3 }], agreeing: [] },
        },
      },
    });
    renderAt('/seasons');
    const ranking = await screen.findByRole('list', { name: 'Community ranking of the seasons' });
    expect(within(ranking).getByRole('link', { name: 'Heroes vs. Villains' })).toHaveAttribute('href', '/seasons/s20');
    const index = await screen.findByRole('navigation', { name: "Each season's community ranking" });
    expect(within(index).getByRole('link', { name: /Borneo/ })).toHaveAttribute('href', '/seasons/s1');
  });
});
