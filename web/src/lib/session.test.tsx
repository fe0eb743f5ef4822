import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mockAuthServer, apiError } from '../test/authServer';
import { sandra } from '../test/utils';
import { useMe } from './session';
import { MESSAGES } from '../api/contract';

function renderMe() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useMe(), { wrapper });
}

describe('who is signed in, with no network', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'castaway_signed_in=1; Path=/';
  });
  afterEach(() => {
    document.cookie = 'castaway_signed_in=; Max-Age=0; Path=/';
  });

  it('a fan seen signed in before is still signed in when the network fails', async () => {
    const server = mockAuthServer({ me: sandra });
    const online = renderMe();
    await waitFor(() => expect(online.result.current.user?.id).toBe(sandra.id));
    online.unmount();

    server.set('GET /api/me', 'network');
    const offline = renderMe();
    await waitFor(() => expect(offline.result.current.isSignedIn).toBe(true));
    expect(offline.result.current.user?.id).toBe(sandra.id);
    expect(offline.result.current.recalled).toBe(true);
    expect(offline.result.current.unknown).toBe(false);
  });

  it('a fan seen signed in before is still signed in when the browser says it is offline', async () => {
    const server = mockAuthServer({ me: sandra });
    const online = renderMe();
    await waitFor(() => expect(online.result.current.user?.id).toBe(sandra.id));
    online.unmount();

    server.set('GET /api/me', 'network');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = renderMe();
    await waitFor(() => expect(offline.result.current.isSignedIn).toBe(true));
    expect(offline.result.current.recalled).toBe(true);
    vi.restoreAllMocks();
  });

  it('keeps nothing about the fan but their id (public, in their lists\u2019 addresses): offline nobody can tell whether they are still signed in', async () => {
    mockAuthServer({ me: { ...sandra, isAdmin: true } });
    const online = renderMe();
    await waitFor(() => expect(online.result.current.user?.id).toBe(sandra.id));
    expect(online.result.current.recalled).toBe(false);
    await waitFor(() => expect(localStorage.getItem('castaway.me')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('castaway.me') ?? '')).toEqual({ id: sandra.id });
    expect(localStorage.getItem('castaway.me')).not.toContain(sandra.displayName);
  });

  it('is forgotten when the server says the session ended, so a later offline page shows a visitor', async () => {
    const server = mockAuthServer({ me: sandra });
    const first = renderMe();
    await waitFor(() => expect(first.result.current.isSignedIn).toBe(true));
    first.unmount();

    server.setMe(null);
    const ended = renderMe();
    await waitFor(() => expect(ended.result.current.isLoading).toBe(false));
    expect(ended.result.current.user).toBeNull();
    ended.unmount();

    document.cookie = 'castaway_signed_in=1; Path=/'; // a stale hint: still nobody is remembered
    server.set('GET /api/me', 'network');
    const offline = renderMe();
    await waitFor(() => expect(offline.result.current.unknown).toBe(true));
    expect(offline.result.current.user).toBeNull();
  });

  it('a server that answers (503) is not taken for no network: the sign-in is unknown, not remembered', async () => {
    const server = mockAuthServer({ me: sandra });
    const first = renderMe();
    await waitFor(() => expect(first.result.current.isSignedIn).toBe(true));
    first.unmount();

    server.set('GET /api/me', apiError(503, 'unavailable', MESSAGES.somethingWrong));
    const down = renderMe();
    await waitFor(() => expect(down.result.current.unknown).toBe(true));
    expect(down.result.current.user).toBeNull();
  });
});
