import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../../test/utils';
import CreatePage from './CreatePage';
import { draft, mockListsServer } from '../../../test/listsServer';
import { EMPTY_CREATOR } from './creatorState';
import { DRAFT_DELAY_MS } from './useCreatorDraft';
import { readKeptDraft } from '../../../lib/keptDraft';

const KEPT_TEXT = "You're offline: your draft is kept on this device and will be saved when you're back online.";

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const putDraft = { 'PUT /api/me/draft': ({ body }: { body: unknown }) => ({ status: 200, body: { ...draft(), ...(body as object) } }) };

describe('a draft written offline', () => {
  it('is kept on this device, said so, and saved to the server once back online', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockListsServer({ me: sandra, routes: putDraft });
    const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/draft');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await screen.findByRole('button', { name: 'Borneo, Season 1' });

    setOnline(false);
    await user.type(screen.getByLabelText('List name'), 'Beach picks');
    elapse(DRAFT_DELAY_MS);
    expect(await screen.findByText(KEPT_TEXT)).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
    expect(JSON.parse(readKeptDraft(sandra.id) ?? '{}')).toMatchObject({ name: 'Beach picks' });

    setOnline(true);
    elapse(DRAFT_DELAY_MS);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toMatchObject({ name: 'Beach picks' });
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(readKeptDraft(sandra.id)).toBeNull();
  });

  it('comes back in its own author\u2019s creator after the tab was closed, and is then saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(`castaway.keptDraft.${sandra.id}`, JSON.stringify({ ...EMPTY_CREATOR, name: 'Written on the boat' }));
    const { calls } = mockListsServer({ me: sandra, routes: putDraft });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await waitFor(() => expect(screen.getByLabelText('List name')).toHaveValue('Written on the boat'));
    expect(screen.getByText('Your unsaved draft was restored.')).toBeInTheDocument();
    elapse(DRAFT_DELAY_MS);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/me/draft')).toBe(true));
    await waitFor(() => expect(readKeptDraft(sandra.id)).toBeNull());
  });

  it('is never shown to another account', async () => {
    window.localStorage.setItem('castaway.keptDraft.u-other', JSON.stringify({ ...EMPTY_CREATOR, name: 'Not yours' }));
    mockListsServer({ me: sandra });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await screen.findByRole('button', { name: 'Borneo, Season 1' });
    expect(screen.getByLabelText('List name')).toHaveValue('');
  });

  it('is not read back while offline nobody can tell the fan is still signed in here, and is once the server says so', async () => {
    // The fan last seen here, remembered by id; the network is gone, so /api/me cannot say
    // whether they signed out everywhere meanwhile and someone else opened the app.
    window.localStorage.setItem('castaway.me', JSON.stringify({ id: sandra.id }));
    window.localStorage.setItem(`castaway.keptDraft.${sandra.id}`, JSON.stringify({ ...EMPTY_CREATOR, name: 'Written on the boat' }));
    const { fetchMock } = mockListsServer({ me: sandra });
    const serve = fetchMock.getMockImplementation();
    let offline = true;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (offline && String(input instanceof Request ? input.url : input).endsWith('/api/me')) throw new TypeError('Failed to fetch');
      return (serve as typeof fetch)(input, init);
    });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await screen.findByRole('button', { name: 'Borneo, Season 1' });
    expect(screen.getByLabelText('List name')).toHaveValue('');
    setOnline(false);

    // Back online, the server says who is signed in: their draft comes back.
    offline = false;
    setOnline(true);
    await waitFor(() => expect(screen.getByLabelText('List name')).toHaveValue('Written on the boat'));
  });
});
