import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../app/queryClient';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Catalog } from '../api/client';
import type { Me } from '../lib/session';
import { MESSAGES } from '../api/contract';

type Franchise = Catalog['seasons'][number]['franchise'];

/**
 * A catalog season: ids and image paths follow the server's pattern (s1, /media/seasons/1,
 * /media/contestants/s1/…; another franchise's season au3, /media/seasons/au3, …/au3/…).
 */
function season(number: number, name: string, contestants: [id: string, name: string, photo: string][], franchise: Franchise = 'US'): Catalog['seasons'][number] {
  const id = franchise === 'US' ? `s${number}` : `${franchise.toLowerCase()}${number}`;
  return {
    id,
    franchise,
    number,
    name,
    logoUrl: `/media/seasons/${franchise === 'US' ? number : id}`,
    contestants: contestants.map(([cid, contestantName, photo]) => ({ id: cid, name: contestantName, imageUrl: `/media/contestants/${id}/${photo}` })),
  };
}

export const catalogFixture: Catalog = {
  version: 1,
  seasons: [
    season(1, 'Survivor: Borneo', [
      ['richard-hatch', 'Richard Hatch', 'richard'],
      ['rudy-boesch', 'Rudy Boesch', 'rudy'],
    ]),
    season(13, 'Survivor: Cook Islands', [
      ['yul-kwon', 'Yul Kwon', 'yul'],
      ['parvati-shallow', 'Parvati Shallow', 'parvati'],
    ]),
    // Deliberately out of order: results must be sorted by season number.
    season(20, 'Survivor: Heroes vs. Villains', [
      ['parvati-shallow', 'PARVATI SHALLOW', 'parvati'],
      ['sandra-diaz-twine', 'Sandra Diaz-Twine', 'sandra'],
    ]),
    season(16, 'Survivor: Micronesia', [
      ['parvati-shallow', 'Parvati Shallow', 'parvati'],
      ['amanda-kimmel', 'Amanda Kimmel', 'amanda'],
    ]),
    season(45, 'Survivor 45', [['dee-valladares', 'Dee Valladares', 'dee']]),
    season(
      3,
      'Survivor Australia: Champions vs. Contenders',
      [
        ['au-shane-gould', 'Shane Gould', 'shane'],
        ['russell-hantz', 'Russell Hantz', 'russell'],
        ['au-sharn-coombes', 'Sharn Coombes', 'sharn'],
      ],
      'AU',
    ),
  ],
};

export const sandra: Me = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };

interface ServerOptions {
  me?: Me | null;
  catalog?: Catalog | 'error';
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch with a tiny fake of the castaway server. Returns the mock to inspect calls. */
export function mockServer({ me = null, catalog = catalogFixture }: ServerOptions = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    switch (url.pathname) {
      case '/api/me':
        return me ? json(me) : json({ error: { code: 'unauthorized', message: 'Sign in first.' } }, 401);
      case '/api/catalog/seasons':
        return catalog === 'error' ? json({ error: { code: 'internal', message: 'Something went wrong.' } }, 503) : json(catalog);
      default:
        return json({ error: { code: 'not_found', message: MESSAGES.notFound } }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string | { pathname: string; state?: unknown } } = {}) {
  const client = createQueryClient({ queries: { retry: false, gcTime: Infinity } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
