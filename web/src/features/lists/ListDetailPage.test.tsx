import { MESSAGES } from '../../api/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../test/utils';
import ListDetailPage from './ListDetailPage';
import { mockListsServer, rankedList, summary, tierList } from '../../test/listsServer';
import { emptyBoard } from '../../lib/tiers';
import type { ListItem, Tier } from './api';
import { listDetailParts } from '../../app/parts';
import { stubIntersectionObserver } from '../../test/intersection';

/** Shows the creator state a navigation carried. */
function RemixProbe() {
  const state = useLocation().state as { remix?: unknown } | null;
  return <pre data-testid="remix">{JSON.stringify(state?.remix ?? null)}</pre>;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/list/:userId/:listId" element={<ListDetailPage {...listDetailParts} />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route: path },
  );
}

describe('ListDetailPage', () => {
  it('shows the title, author link, description, visible tags (never the type tag) and the ranked items', async () => {
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList() } } });
    renderAt('/list/u1/list_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Queens of the Game' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sandra' })).toHaveAttribute('href', '/rankings/user/u1');
    expect(screen.getByText('Two-time winners and the women who should have won.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('Strategic');
    expect(screen.queryByText('survivor-ranking')).not.toBeInTheDocument();
    expect(screen.getByText('Sandra Diaz-Twine')).toBeInTheDocument();
    // Each entry opens its castaway's page.
    expect(screen.getByRole('link', { name: 'Parvati Shallow' })).toHaveAttribute('href', '/castaways/parvati-shallow');
    expect(await screen.findByRole('heading', { name: /Comments/ })).toBeInTheDocument(); // its code loads after the list
  });

  it('shows each note under its entry', async () => {
    const contestants = rankedList().contestants.map((c, i) => (i === 1 ? { ...c, note: 'Black Widow Brigade forever' } : c));
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList({ contestants }) } } });
    renderAt('/list/u1/list_1');
    const note = await screen.findByText('Black Widow Brigade forever');
    expect(note.closest('li')).toHaveTextContent(/Parvati Shallow/);
    expect(note.closest('li')).not.toHaveTextContent(/Sandra/);
  });

  it('Remix opens the creator with the items, notes and tags, named as a remix', async () => {
    const contestants = rankedList().contestants.map((c, i) => (i === 0 ? { ...c, note: 'Two wins' } : c));
    mockListsServer({ me: sandra, routes: { 'GET /api/lists/u2/list_9': { status: 200, body: rankedList({ userId: 'u2', id: 'list_9', userName: 'Rob', contestants }) } } });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/list/:userId/:listId" element={<ListDetailPage {...listDetailParts} />} />
        <Route path="/create" element={<RemixProbe />} />
      </Routes>,
      { route: '/list/u2/list_9' },
    );
    await user.click(await screen.findByRole('button', { name: /^Remix/ }));
    const probe = await screen.findByTestId('remix');
    expect(JSON.parse(probe.textContent ?? '')).toEqual({
      name: 'Remix of Queens of the Game',
      description: '',
      tags: ['strategic'],
      items: contestants,
      format: 'ranked',
      board: emptyBoard(),
      isPublic: true,
      remixOf: { userId: 'u2', listId: 'list_9', name: 'Queens of the Game', userName: 'Rob' },
    });
  });

  it('shows a tier list as a tier chart: a row per tier with its label and entries, the notes after it', async () => {
    const [sandraItem, parvati] = rankedList().contestants as [ListItem, ListItem];
    const tiers: Tier[] = [
      { label: 'GOAT', color: 'purple', contestants: [{ ...sandraItem, note: 'Two wins' }] },
      { label: 'A', color: 'orange', contestants: [] },
      { label: 'B', color: 'yellow', contestants: [parvati] },
    ];
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: tierList(tiers) } } });
    renderWithProviders(
      <Routes>
        <Route path="/list/:userId/:listId" element={<ListDetailPage {...listDetailParts} />} />
      </Routes>,
      { route: '/list/u1/list_1' },
    );
    const chart = await screen.findByRole('list', { name: 'Tiers' });
    expect(screen.getByText(/Survivor tier list/)).toBeInTheDocument();
    const rows = within(chart).getAllByRole('listitem').filter((li) => li.parentElement === chart);
    expect(rows.map((r) => r.querySelector('[data-color]')?.textContent)).toEqual(['Tier GOAT', 'Tier A', 'Tier B']);
    expect(rows[0]?.querySelector('[data-color]')?.getAttribute('data-color')).toBe('purple');
    expect(within(screen.getByRole('list', { name: 'Tier GOAT' })).getByText('Sandra Diaz-Twine')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tier B' })).getByText('Parvati Shallow')).toBeInTheDocument();
    expect(screen.getByText('No entries in tier A')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.getByText('Two wins')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Ranked items' })).toBeNull();
  });

  it('names a tier list of seasons a season tier list, from the entries in its tiers', async () => {
    const season = (id: string, name: string): ListItem => ({ id, name, imageUrl: `/media/seasons/${id}`, isSeason: true, seasonId: id, seasonName: name });
    const tiers: Tier[] = [
      { label: 'S', color: 'red', contestants: [season('s20', 'Survivor: Heroes vs. Villains')] },
      { label: 'A', color: 'orange', contestants: [season('s1', 'Survivor: Borneo')] },
    ];
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: tierList(tiers) } } });
    renderAt('/list/u1/list_1');
    expect(await screen.findByText(/Season tier list/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tier A' })).getByText('Borneo')).toBeInTheDocument();
  });

  it('Remix of a tier list starts as a tier list with its tiers', async () => {
    const [first] = rankedList().contestants as [ListItem];
    const tiers: Tier[] = [
      { label: 'S', color: 'red', contestants: [first] },
      { label: 'Meh', color: 'gray', contestants: [] },
    ];
    mockListsServer({ me: sandra, routes: { 'GET /api/lists/u2/list_9': { status: 200, body: tierList(tiers, { userId: 'u2', id: 'list_9' }) } } });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/list/:userId/:listId" element={<ListDetailPage {...listDetailParts} />} />
        <Route path="/create" element={<RemixProbe />} />
      </Routes>,
      { route: '/list/u2/list_9' },
    );
    await user.click(await screen.findByRole('button', { name: /^Remix/ }));
    const remix = JSON.parse((await screen.findByTestId('remix')).textContent ?? '') as { format: string; items: unknown[]; board: { tiers: { label: string; color: string; items: { id: string }[] }[]; pool: unknown[] } };
    expect(remix.format).toBe('tiers');
    expect(remix.items).toEqual([]);
    expect(remix.board.tiers.map((t) => [t.label, t.color, t.items.map((i) => i.id)])).toEqual([
      ['S', 'red', [first.id]],
      ['Meh', 'gray', []],
    ]);
    expect(remix.board.pool).toEqual([]);
  });

  it('names the original of a remix with links, and lists the remixes of an original', async () => {
    mockListsServer({
      routes: {
        'GET /api/lists/u1/list_1': {
          status: 200,
          body: rankedList({ remixCount: 2, remixOf: { userId: 'u2', listId: 'list_9', name: 'Rob’s picks', userName: 'Rob' } }),
        },
        'GET /api/lists/u1/list_1/remixes': {
          status: 200,
          body: { lists: [summary({ userId: 'u3', id: 'list_3', name: 'First remix' }), summary({ userId: 'u4', id: 'list_4', name: 'Second remix' })] },
        },
      },
    });
    renderAt('/list/u1/list_1');
    expect(await screen.findByRole('link', { name: 'Rob’s picks' })).toHaveAttribute('href', '/list/u2/list_9');
    expect(screen.getByText(/Remixed from/)).toHaveTextContent('Remixed from Rob’s picks by Rob');
    expect(screen.getByRole('button', { name: /^Remix/ })).toHaveTextContent('2');
    const remixes = await screen.findByRole('list', { name: 'Remixes of this list' });
    expect(remixes).toHaveTextContent('First remix');
    expect(remixes).toHaveTextContent('Second remix');
  });

  it('reads the remixes only when their section nears the screen', async () => {
    const screenEdge = stubIntersectionObserver();
    const server = mockListsServer({
      routes: {
        'GET /api/lists/u1/list_1': { status: 200, body: rankedList({ remixCount: 1 }) },
        'GET /api/lists/u1/list_1/remixes': { status: 200, body: { lists: [summary({ userId: 'u3', id: 'list_3', name: 'A far remix' })] } },
      },
    });
    renderAt('/list/u1/list_1');
    await screen.findByRole('heading', { name: /Remixes/ });
    await waitFor(() => expect(screenEdge.observers.length).toBeGreaterThan(0));
    expect(server.calls.filter((c) => c.path.endsWith('/remixes'))).toHaveLength(0);
    screenEdge.report(true);
    expect(await screen.findByRole('list', { name: 'Remixes of this list' })).toHaveTextContent('A far remix');
    expect(server.calls.filter((c) => c.path.endsWith('/remixes'))).toHaveLength(1);
  });

  it('says nothing of an original the reader may not see', async () => {
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList({ remixOf: { userId: 'u2', listId: 'list_9' } }) } } });
    renderAt('/list/u1/list_1');
    await screen.findByRole('heading', { level: 1, name: 'Queens of the Game' });
    expect(screen.queryByText(/Remixed from/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Remixes/ })).not.toBeInTheDocument();
  });

  it('signed out: upvote and favorite are disabled with a sign-in link; no edit button', async () => {
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList() } } });
    renderAt('/list/u1/list_1');
    await screen.findByRole('heading', { level: 1, name: 'Queens of the Game' });
    expect(screen.getByRole('button', { name: 'Favorite', pressed: false })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upvote, 3 votes' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('the owner sees Edit List and Edit My List, which open the creator', async () => {
    mockListsServer({ me: sandra, routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList() } } });
    const user = userEvent.setup();
    renderAt('/list/u1/list_1');
    await user.click(await screen.findByRole('button', { name: 'Edit List' }));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/create');
  });

  it('blurs a spoiler list until the reader reveals it', async () => {
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList({ tags: ['spoiler', 'survivor-ranking'] }) } } });
    const user = userEvent.setup();
    renderAt('/list/u1/list_1');
    expect(await screen.findByText('Contains Spoilers')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /Sandra/ })).not.toBeInTheDocument();
    expect(screen.getByText('Sandra Diaz-Twine').closest('ol')).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.queryByText('Contains Spoilers')).not.toBeInTheDocument();
    expect(screen.getByText('Sandra Diaz-Twine').closest('ol')).not.toHaveAttribute('aria-hidden');
  });

  it('covers a list ranking castaways of a season the reader has not finished until revealed', async () => {
    window.localStorage.setItem('castaway.watching', JSON.stringify({ s20: 3 }));
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList() } } });
    const user = userEvent.setup();
    renderAt('/list/u1/list_1');
    expect(await screen.findByText(MESSAGES.watchingListNotice)).toBeInTheDocument();
    expect(screen.getByText('Sandra Diaz-Twine').closest('ol')).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByText('Sandra Diaz-Twine').closest('ol')).not.toHaveAttribute('aria-hidden');
    window.localStorage.clear();
  });

  it('favorites with a 2 s popup, and upvotes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockListsServer({
      me: { ...sandra, id: 'u2' },
      routes: {
        'GET /api/lists/u1/list_1': { status: 200, body: rankedList() },
        'PUT /api/lists/u1/list_1/favorite': { status: 200, body: { favorited: true } },
        'DELETE /api/lists/u1/list_1/favorite': { status: 200, body: { favorited: false } },
        'PUT /api/lists/u1/list_1/upvote': { status: 200, body: { upvoteCount: 4, upvoted: true } },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderAt('/list/u1/list_1');
    await user.click(await screen.findByRole('button', { name: 'Favorite', pressed: false }));
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Added to favorites')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Favorite', pressed: true }));
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upvote, 3 votes' }));
    expect(await screen.findByRole('button', { name: 'Upvote, 4 votes' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the spec texts when favorite or upvote fail', async () => {
    mockListsServer({
      me: { ...sandra, id: 'u2' },
      routes: {
        'GET /api/lists/u1/list_1': { status: 200, body: rankedList() },
        'PUT /api/lists/u1/list_1/favorite': { status: 500, body: { error: { code: 'x', message: 'x' } } },
        'PUT /api/lists/u1/list_1/upvote': { status: 502, body: { error: { code: 'x', message: 'x' } } },
      },
    });
    const user = userEvent.setup();
    renderAt('/list/u1/list_1');
    await user.click(await screen.findByRole('button', { name: 'Favorite', pressed: false }));
    expect(await screen.findByText('Failed to update favorites. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upvote, 3 votes' }));
    expect(await screen.findByText('Failed to upvote list. Please try again.')).toBeInTheDocument();
  });

  it.each([
    [404, 'user_not_found', 'User not found'],
    [404, 'list_not_found', 'List not found'],
    [500, 'internal', 'An error occurred while loading the list.'],
  ])('a %i %s answer shows "%s" with Go Back', async (status, code, text) => {
    mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status, body: { error: { code, message: 'x' } } } } });
    const user = userEvent.setup();
    renderAt('/list/u1/list_1');
    expect(await screen.findByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rankings'));
  });
});
