import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import { mockListsServer } from '../../test/listsServer';
import { summary } from '../../test/communityFixtures';
import { MESSAGES } from '../../api/contract';
import CastawayPage from './CastawayPage';
import type { Castaway } from './castawayApi';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/castaways/:contestantId" element={<CastawayPage />} />
    </Routes>,
    { route: path },
  );
}

const parvati: Castaway = {
  id: 'parvati-shallow',
  name: 'Parvati Shallow',
  imageUrl: '/media/contestants/s40/parvati',
  seasons: [
    { id: 's13', franchise: 'US', number: 13, name: 'Survivor: Cook Islands', logoUrl: '/media/seasons/13', imageUrl: '/media/contestants/s13/parvati', community: { ranked: 0 } },
    {
      id: 's16',
      franchise: 'US',
      number: 16,
      name: 'Survivor: Micronesia',
      logoUrl: '/media/seasons/16',
      imageUrl: '/media/contestants/s16/parvati',
      community: { place: 1, ranked: 20, score: 71.2, listCount: 40 },
    },
  ],
  allTime: { place: 3, ranked: 412, score: 12.5, listCount: 52 },
  listCount: 52,
  lists: [{ position: 1, list: summary({ id: 'list_1', userId: 'u1', name: 'Queens' }) }],
  nextCursor: 'next',
};

describe('CastawayPage', () => {
  it('shows the castaway, each season with their community place, and the lists ranking them highest, a page at a time', async () => {
    let calls = 0;
    mockListsServer({
      routes: {
        'GET /api/contestants/parvati-shallow': () => {
          calls++;
          return calls === 1
            ? { status: 200, body: parvati }
            : { status: 200, body: { ...parvati, lists: [{ position: 2, list: summary({ id: 'list_2', userId: 'u2', name: 'Micronesia' }) }], nextCursor: undefined } };
        },
      },
    });
    renderAt('/castaways/parvati-shallow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Parvati Shallow' })).toBeInTheDocument();
    expect(screen.getByText('Castaway · Seasons 13, 16')).toBeInTheDocument();
    expect(screen.getByText('All-time community rank').nextSibling).toHaveTextContent('#3 of 412score 12.5');
    expect(screen.getByText('Public lists ranking them').nextSibling).toHaveTextContent('52');
    const [cook, micronesia] = within(screen.getByRole('region', { name: 'Their 2 seasons' })).getAllByRole('listitem');
    expect(cook).toHaveTextContent('Not in its community ranking yet');
    expect(micronesia).toHaveTextContent('#1 of 20 in its community ranking');
    expect(within(micronesia as HTMLElement).getByRole('link')).toHaveAttribute('href', '/seasons/s16');

    const lists = screen.getByRole('list', { name: 'Lists ranking Parvati Shallow' });
    expect(within(lists).getByRole('article', { name: 'Queens' })).toHaveTextContent('#1 in this list');
    await userEvent.click(screen.getByRole('button', { name: 'Show more lists' }));
    expect(await within(lists).findByRole('article', { name: 'Micronesia' })).toHaveTextContent('#2 in this list');
    expect(screen.queryByRole('button', { name: 'Show more lists' })).not.toBeInTheDocument();
  });

  it('says when no list ranks them yet', async () => {
    mockListsServer({
      routes: { 'GET /api/contestants/dirk-been': { status: 200, body: { ...parvati, name: 'Dirk Been', allTime: { ranked: 5 }, listCount: 0, lists: [], nextCursor: undefined } } },
    });
    renderAt('/castaways/dirk-been');
    expect(await screen.findByText('No public list ranks Dirk Been yet.')).toBeInTheDocument();
    expect(screen.getByText('All-time community rank').nextSibling).toHaveTextContent('Not ranked yet');
  });

  it("answers an unknown castaway with the server's message", async () => {
    mockListsServer({
      routes: { 'GET /api/contestants/nobody': { status: 404, body: { error: { code: 'castaway_not_found', message: MESSAGES.castawayNotFound } } } },
    });
    renderAt('/castaways/nobody');
    expect(await screen.findByRole('heading', { name: 'Castaway not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Community rankings' })).toHaveAttribute('href', '/seasons');
  });
});
