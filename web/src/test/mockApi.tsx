import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../app/queryClient';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '../lib/session';
import { MESSAGES } from '../api/contract';

/** One recorded request to the fake server. */
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

export type Handler = (call: Call) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, message: string, code = 'error'): Response {
  return json({ error: { code, message } }, status);
}

/**
 * Replaces fetch with a fake castaway server. `routes` maps 'METHOD /path' (exact pathname)
 * to a handler; /api/me answers from `me`. Every request is recorded in `calls`.
 */
export function mockApi(routes: Record<string, Handler | Response | object>, { me = null }: { me?: Me | null } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const call: Call = { method: request.method, url, body };
    calls.push(call);
    if (url.pathname === '/api/me' && request.method === 'GET') {
      return me ? json(me) : apiError(401, 'Sign in first.', 'unauthorized');
    }
    const route = routes[`${request.method} ${url.pathname}`];
    if (route === undefined) return apiError(404, MESSAGES.notFound, 'not_found');
    if (typeof route === 'function') return (route as Handler)(call);
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to one path, optionally one method. */
    to(pathname: string, method?: string) {
      return calls.filter((c) => c.url.pathname === pathname && (method === undefined || c.method === method));
    },
  };
}

/** Shows where the router is: path + search + hash, and the navigation state as JSON. */
export function RouterProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname + location.search + location.hash}</div>
      <div data-testid="state">{JSON.stringify(location.state ?? null)}</div>
    </>
  );
}

export function renderApp(ui: ReactElement, { route = '/' }: { route?: string | { pathname: string; search?: string; hash?: string; state?: unknown } } = {}) {
  const client = createQueryClient({ queries: { retry: false, gcTime: Infinity } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <RouterProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
