import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import { mockListsServer } from '../../test/listsServer';
import { summary } from '../../test/communityFixtures';
import { MESSAGES } from '../../api/contract';
import { au3Game, gameCastaway } from '../../test/gameFixtures';
import CastawayPage from './CastawayPage';
import type { Castaway } from './castawayApi';
import type { GamePerson } from './game/castawayGameApi';

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

  it('shows their real game in each season beside where fans rank them, and in total', async () => {
    const totals = { votesCast: 20, votesReceived: 9, bootVotes: 14, idolsFound: 2, idolsPlayed: 1, advantagesFound: 1, advantagesPlayed: 0, juryVotes: 0, confessionals: 80, expectedConfessionals: 64 };
    const game: GamePerson = {
      id: 'parvati-shallow',
      survivorId: 'US0201',
      name: 'Parvati Shallow',
      seasons: [
        gameCastaway({ id: 'parvati-shallow', name: 'Parvati Shallow', season: 's13', place: 6, result: '10th voted out', day: 33, tribes: ['Manihiki', 'Aitutonga'], gameRank: 1, castSize: 2 }),
        gameCastaway({
          id: 'parvati-shallow',
          name: 'Parvati Shallow',
          season: 's16',
          castSize: 2,
          place: 1,
          result: 'Sole Survivor',
          finalist: true,
          winner: true,
          juryVotes: 5,
          votesCast: 12,
          votesReceived: 4,
          bootVotes: 10,
          idolsFound: 1,
          idolsPlayed: 1,
          confessionals: 42,
          expectedConfessionals: 31.2,
          tribes: ['Malakal', 'Dabu'],
          gameRank: 2,
        }),
      ],
      totals,
      days: 72,
    };
    mockListsServer({
      routes: {
        'GET /api/contestants/parvati-shallow': { status: 200, body: { ...parvati, nextCursor: undefined } },
        'GET /api/contestants/parvati-shallow/game': { status: 200, body: game },
      },
    });
    renderAt('/castaways/parvati-shallow');
    const inMicronesia = await screen.findByLabelText('Their game in Micronesia');
    const stat = (label: string) => within(inMicronesia).getByText(label, { selector: 'dt' }).nextElementSibling;
    // The cast's size comes with the catalog.
    await waitFor(() => expect(stat('Finish')).toHaveTextContent('Sole Survivor (1st of 2)'));
    expect(stat('Tribes')).toHaveTextContent('Malakal → Dabu');
    expect(stat('Votes that sent someone home')).toHaveTextContent('10');
    expect(stat('Idols found / played')).toHaveTextContent('1 / 1');
    expect(stat('Challenge score')).toHaveTextContent('25 / 100');
    expect(stat('Vote score')).toHaveTextContent('70 / 100');
    expect(stat('Confessionals')).toHaveTextContent('42 confessionals, 31 expected: +35%');
    expect(stat('Jury votes received')).toHaveTextContent('5');
    // Fans put her 1st of 20 in Micronesia; the game's score 2nd of its (fixture) cast of 2.
    const card = inMicronesia.closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Fans rank them 1st of 20, the game scores them 2nd. Overrated: fans rank them above their game.');
    const cook = screen.getByLabelText('Their game in Cook Islands').closest('li') as HTMLElement;
    expect(cook).toHaveTextContent('The game scores them 1st of 2; fans have not ranked them in this season yet.');
    expect(within(screen.getByLabelText('Their game in Cook Islands')).queryByText('Jury votes received')).not.toBeInTheDocument();

    const total = screen.getByLabelText("Parvati Shallow's game in total");
    expect(within(total).getByText('Days played', { selector: 'dt' }).nextElementSibling).toHaveTextContent('72');
    expect(within(total).getByText('Confessionals', { selector: 'dt' }).nextElementSibling).toHaveTextContent('80 confessionals, 64 expected: +25%');
    expect(screen.getAllByRole('link', { name: 'survivoR' }).length).toBe(2);
  });

  it("shows a castaway of another franchise with their season's franchise, and no game section when the data has none", async () => {
    const shane: Castaway = {
      id: 'au-shane-gould',
      name: 'Shane Gould',
      imageUrl: '/media/contestants/au3/shane',
      seasons: [{ id: 'au3', franchise: 'AU', number: 3, name: au3Game.name, logoUrl: '/media/seasons/au3', imageUrl: '/media/contestants/au3/shane', community: { place: 2, ranked: 3 } }],
      allTime: { ranked: 0 },
      listCount: 0,
      lists: [],
    };
    mockListsServer({ routes: { 'GET /api/contestants/au-shane-gould': { status: 200, body: shane } } });
    renderAt('/castaways/au-shane-gould');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shane Gould' })).toBeInTheDocument();
    expect(screen.getByText('Castaway · Season AU 3')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Their season' })).getByRole('link')).toHaveTextContent('AU 3 Champions vs. Contenders');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText(/game scores them/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'survivoR' })).not.toBeInTheDocument();
  });

  it('names no season after one the visitor has not finished, and shows the headshot of one shown', async () => {
    window.localStorage.setItem('castaway.watching', JSON.stringify({ s13: 3 }));
    mockListsServer({ routes: { 'GET /api/contestants/parvati-shallow': () => ({ status: 200, body: parvati }) } });
    try {
      renderAt('/castaways/parvati-shallow');
      expect(await screen.findByText('Castaway · Season 13')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Parvati Shallow' })).toHaveAttribute('src', '/media/contestants/s13/parvati');
    } finally {
      window.localStorage.clear();
    }
  });

  it("sends a visitor's progress in the castaway's seasons only, so withheld seasons never reach the browser", async () => {
    window.localStorage.setItem('castaway.watching', JSON.stringify({ s13: 3, s1: 2, s45: 0 }));
    const { calls } = mockListsServer({ routes: { 'GET /api/contestants/parvati-shallow': () => ({ status: 200, body: parvati }) } });
    try {
      renderAt('/castaways/parvati-shallow');
      expect(await screen.findByText('Castaway · Season 13')).toBeInTheDocument();
      const asked = calls.filter((c) => c.path.startsWith('/api/contestants/parvati-shallow'));
      expect(asked.length).toBeGreaterThan(0);
      for (const c of asked) expect(new URLSearchParams(c.search).get('watching')).toBe('s13:3');
    } finally {
      window.localStorage.clear();
    }
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
