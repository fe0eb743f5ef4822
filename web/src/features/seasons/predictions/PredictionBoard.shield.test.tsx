import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { formatMessage, MESSAGES } from '../../../api/contract';
import { PredictionBoard } from './PredictionBoard';

let urls: URL[] = [];
const entry = { rank: 1, userId: 'u1', userName: 'Ann', predicted: true, score: { score: 42, placePoints: 12, hits: 2, picksRight: 2, streak: 2, bestStreak: 2, boots: 2 } };

beforeEach(() => {
  urls = [];
  window.localStorage.setItem('castaway.watching', JSON.stringify({ s51: 1 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(req.url);
      urls.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/seasons/s51/predictions') {
        const behind = url.searchParams.get('upTo') === '1' && url.searchParams.get('reveal') !== 'all';
        return json(behind ? { seasonId: 's51', boots: 1, entries: [], shield: { upTo: 1, hiddenBoots: 1 } } : { seasonId: 's51', boots: 2, entries: [entry] });
      }
      return json({ error: { code: 'not_found', message: MESSAGES.notFound } }, 404);
    }),
  );
});

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('PredictionBoard behind the spoiler shield', () => {
  it('asks as of the visitor’s episode, says why the board is hidden, and shows it once revealed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PredictionBoard seasonId="s51" signedIn={false} boots={1} me="" />);
    await screen.findByText(formatMessage(MESSAGES.predictionShieldBoard, { episode: 1 }));
    expect(urls.some((u) => u.searchParams.get('upTo') === '1')).toBe(true);
    expect(screen.queryByText(MESSAGES.predictionBoardEmpty)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal the leaderboard' }));
    await screen.findByRole('table', { name: 'Leaderboard' });
    expect(screen.getByText('Ann')).toBeInTheDocument();
    await waitFor(() => expect(urls.some((u) => u.searchParams.get('reveal') === 'all')).toBe(true));
  });
});
