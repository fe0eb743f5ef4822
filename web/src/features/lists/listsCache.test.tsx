import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { createQueryClient } from '../../app/queryClient';
import { json, mockApi } from '../../test/mockApi';
import { catalogFixture, sandra } from '../../test/utils';
import { rankedList, summary } from '../../test/listsServer';
import type { ListSummary } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

let go: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

const slow = { timeout: 5000 };

/**
 * The user page, its count and My Lists share one cache entry for a user's lists, and stay
 * current after a save and a delete with the app's normal cache settings (30 s stale time).
 */
describe("a user's lists in the cache", () => {
  it('the user page, its count and My Lists are current after a save and after a delete', async () => {
    let lists: ListSummary[] = [summary({ id: 'list_a', name: 'Queens of the Game' })];
    const server = mockApi(
      {
        'GET /api/catalog/seasons': catalogFixture,
        'GET /api/me/draft': () => new Response(null, { status: 204 }),
        'GET /api/users/u1': () => json({ id: 'u1', displayName: 'Sandra', idolsFound: 2, listCount: lists.length }),
        'GET /api/users/u1/lists': () => json({ lists }),
        'POST /api/lists': ({ body }) => {
          const saved = rankedList({ id: 'list_b', name: (body as { name: string }).name });
          lists = [summary({ id: 'list_b', name: saved.name }), ...lists];
          return json(saved, 201);
        },
        'GET /api/lists/u1/list_b/comments': [],
        'POST /api/me/idols/search': { found: false, idolsFound: 2 },
        'DELETE /api/lists/u1/list_b': () => {
          lists = lists.filter((l) => l.id !== 'list_b');
          return new Response(null, { status: 204 });
        },
      },
      { me: sandra },
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/rankings/user/u1']}>
          <AppRoutes />
          <Navigator />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const userPage = async (count: number, names: string[]) => {
      expect(await screen.findByText(`${count} ranking(s) created by this user`, {}, slow)).toBeInTheDocument();
      const grid = screen.getByRole('list', { name: 'Rankings by Sandra' });
      expect(within(grid).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(names);
    };
    const myLists = async (names: string[]) => {
      const heading = await screen.findByRole('heading', { level: 2, name: /^Your Rankings/ }, slow);
      await waitFor(() => expect(heading).toHaveTextContent(`(${names.length})`));
      for (const name of names) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    };

    await userPage(1, ['Queens of the Game']);
    act(() => go('/mylists'));
    await myLists(['Queens of the Game']);
    // One endpoint, one cache entry: My Lists read what the user page had fetched.
    expect(server.to('/api/users/u1/lists', 'GET')).toHaveLength(1);

    // Save a new list in the creator.
    act(() => go('/create'));
    await screen.findByRole('heading', { level: 1, name: 'Create Ranking' }, slow);
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }, slow));
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.type(screen.getByLabelText('List name'), 'Borneo best');
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Borneo best' })).toBeInTheDocument(), slow);

    act(() => go('/rankings/user/u1'));
    await userPage(2, ['Borneo best', 'Queens of the Game']);
    act(() => go('/mylists'));
    await myLists(['Borneo best', 'Queens of the Game']);

    // Delete it from My Lists.
    await user.click(screen.getByRole('button', { name: 'Delete Borneo best' }));
    await user.click(screen.getByRole('button', { name: 'Confirm deleting Borneo best' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Borneo best' })).not.toBeInTheDocument());
    await myLists(['Queens of the Game']);

    act(() => go('/rankings/user/u1'));
    await userPage(1, ['Queens of the Game']);
  }, 20_000);
});
