import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Catalog } from '../api/client';
import type { Me } from '../features/auth/useMe';

export const catalogFixture: Catalog = {
  version: 1,
  seasons: [
    {
      id: 's1',
      number: 1,
      name: 'Survivor: Borneo',
      logoUrl: '/media/seasons/1',
      contestants: [
        { id: 'richard-hatch', name: 'Richard Hatch', imageUrl: '/media/contestants/s1/richard' },
        { id: 'rudy-boesch', name: 'Rudy Boesch', imageUrl: '/media/contestants/s1/rudy' },
      ],
    },
    {
      id: 's13',
      number: 13,
      name: 'Survivor: Cook Islands',
      logoUrl: '/media/seasons/13',
      contestants: [
        { id: 'yul-kwon', name: 'Yul Kwon', imageUrl: '/media/contestants/s13/yul' },
        { id: 'parvati-shallow', name: 'Parvati Shallow', imageUrl: '/media/contestants/s13/parvati' },
      ],
    },
    // Deliberately out of order: results must be sorted by season number.
    {
      id: 's20',
      number: 20,
      name: 'Survivor: Heroes vs. Villains',
      logoUrl: '/media/seasons/20',
      contestants: [
        { id: 'parvati-shallow', name: 'PARVATI SHALLOW', imageUrl: '/media/contestants/s20/parvati' },
        { id: 'sandra-diaz-twine', name: 'Sandra Diaz-Twine', imageUrl: '/media/contestants/s20/sandra' },
      ],
    },
    {
      id: 's16',
      number: 16,
      name: 'Survivor: Micronesia',
      logoUrl: '/media/seasons/16',
      contestants: [
        { id: 'parvati-shallow', name: 'Parvati Shallow', imageUrl: '/media/contestants/s16/parvati' },
        { id: 'amanda-kimmel', name: 'Amanda Kimmel', imageUrl: '/media/contestants/s16/amanda' },
      ],
    },
    {
      id: 's45',
      number: 45,
      name: 'Survivor 45',
      logoUrl: '/media/seasons/45',
      contestants: [{ id: 'dee-valladares', name: 'Dee Valladares', imageUrl: '/media/contestants/s45/dee' }],
    },
  ],
};

export const sandra: Me = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2 };

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
        return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
