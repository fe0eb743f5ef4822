import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogFixture, renderWithProviders } from '../../../test/utils';
import { au3Game } from '../../../test/gameFixtures';
import { formatMessage, MESSAGES } from '../../../api/contract';
import { SeasonGame } from './SeasonGame';
import type { GameSeason } from './gameApi';

const au3 = catalogFixture.seasons.find((s) => s.id === 'au3');

/** au3 as the server cuts it for a fan up to episode 1, with what the request reveals. */
function cut(reveal: string): GameSeason {
  if (reveal === 'all') return au3Game;
  const boots = au3Game.boots.filter((b) => reveal.split(',').includes(`boot:${b.order}`));
  return {
    ...au3Game,
    winner: undefined,
    finalVote: undefined,
    jury: [],
    boots,
    cast: au3Game.cast.map((c) => (boots.some((b) => b.castaway === c.id) ? c : { ...c, place: 0, result: '', day: 0, episode: 0, finalist: false, winner: false })),
    councils: au3Game.councils.filter((c) => boots.some((b) => b.order === c.order)),
    shield: { upTo: 1, hiddenBoots: au3Game.boots.filter((b) => !boots.includes(b)).map((b) => b.order), winnerHidden: true },
  };
}

let urls: URL[] = [];

beforeEach(() => {
  urls = [];
  window.localStorage.setItem('castaway.watching', JSON.stringify({ au3: 1 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(req.url);
      urls.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/seasons/au3/game') return json(url.searchParams.get('upTo') === '1' ? cut(url.searchParams.get('reveal') ?? '') : au3Game);
      return json({ error: { code: 'not_found', message: MESSAGES.notFound } }, 404);
    }),
  );
});

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('SeasonGame behind the spoiler shield', () => {
  it('asks for the season up to the visitor’s episode, shows placeholders, and reveals one boot at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SeasonGame seasonId="au3" season={au3} />);
    await screen.findByText(formatMessage(MESSAGES.watchingUpToNotice, { episode: 1 }));
    expect(urls.some((u) => u.searchParams.get('upTo') === '1')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Where are you?' })).toHaveValue('1');
    expect(screen.getByText(MESSAGES.watchingHiddenWinner)).toBeInTheDocument();

    const boots = screen.getByRole('region', { name: 'Boot order' });
    await user.click(within(boots).getByRole('button', { name: /^Boot order/ }));
    expect(within(boots).getAllByText(MESSAGES.watchingHiddenItem)).toHaveLength(3);
    await user.click(within(boots).getByRole('button', { name: 'Reveal boot 1' }));
    await waitFor(() => expect(within(boots).getByText('1st voted out')).toBeInTheDocument());
    expect(urls.at(-1)?.searchParams.get('reveal')).toBe('boot:1');
    expect(within(boots).getAllByText(MESSAGES.watchingHiddenItem)).toHaveLength(2);
    expect(screen.queryByText('Sole Survivor')).not.toBeInTheDocument();
  });

  it('keeps the visitor’s choice in the browser: "Seen it all" shows everything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SeasonGame seasonId="au3" season={au3} />);
    const select = await screen.findByRole('combobox', { name: 'Where are you?' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'all');
    expect(JSON.parse(window.localStorage.getItem('castaway.watching') ?? '{}')).toEqual({});
    await waitFor(() => expect(screen.queryByText(MESSAGES.watchingHiddenWinner)).not.toBeInTheDocument());
    expect(screen.getAllByText('Final vote 1-0').length).toBeGreaterThan(0);
  });
});
