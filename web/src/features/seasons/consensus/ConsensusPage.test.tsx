import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { mockListsServer } from '../../../test/listsServer';
import SeasonsConsensusPage from './ConsensusPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/seasons" element={<SeasonsConsensusPage />} />
    </Routes>,
    { route: path },
  );
}

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
    // Each franchise's seasons under its name: a number is only unique within one.
    expect(within(index).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['US', 'Australia']);
    expect(within(index).getByRole('link', { name: '3 Champions vs. Contenders' })).toHaveAttribute('href', '/seasons/au3');
  });
});
