import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../../test/utils';
import CreatePage from './CreatePage';
import { CREATOR_SESSION_KEY } from '../../../lib/session';
import { MESSAGES } from '../../../api/contract';
import { draft, mockListsServer, rankedList, tierList } from '../../../test/listsServer';
import type { ListItem } from '../api';

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;

/** Each tier as 'label: names', then the pool. */
function board(): string[] {
  const tiers = screen.getByRole('list', { name: 'Tiers' });
  const rows = within(tiers)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === tiers);
  const names = (ul: HTMLElement | null) => (ul ? [...ul.querySelectorAll(':scope > li')].map((li) => li.querySelector('[class*="entryName"]')?.textContent ?? '') : []);
  const rowText = rows.map((r) => `${r.querySelector('[class*="labelText"]')?.textContent ?? ''}: ${names(r.querySelector('ul')).join(', ')}`);
  return [...rowText, `pool: ${names(screen.queryByRole('list', { name: 'Unplaced entries' })).join(', ')}`];
}

async function startTiers(user: User) {
  await user.click(await screen.findByRole('radio', { name: /Tiers/ }));
  await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
}

const addTo = (user: User, name: string) => user.click(screen.getByRole('button', { name: `Add ${name}` }));

describe('CreatePage: tier lists', () => {
  it('adds by click to the pool or the chosen tier; Save waits for a placed entry and sends the tiers without the pool', async () => {
    const { calls } = mockListsServer({ me: sandra, routes: { 'POST /api/lists': { status: 201, body: tierList([], { id: 'list_7' }) } } });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    expect(screen.getByRole('heading', { name: 'Your Tier List' })).toBeInTheDocument();
    expect(board()).toEqual(['S: ', 'A: ', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: ']);

    await addTo(user, 'Richard Hatch');
    await addTo(user, 'Richard Hatch'); // a duplicate: ignored
    expect(board().at(-1)).toBe('pool: Richard Hatch');
    expect(screen.getByRole('button', { name: 'Save List' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Tier S: add clicked entries here' }));
    await addTo(user, 'Rudy Boesch');
    expect(board()).toEqual(['S: Rudy Boesch', 'A: ', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: Richard Hatch']);
    expect(screen.getByText('2 items, 1 unplaced')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save List' })).toBeEnabled();

    // Seasons never join contestants, in tiers as in a ranked list.
    await user.click(screen.getByRole('button', { name: 'Add season' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot mix contestants and seasons.');

    await user.type(screen.getByLabelText('List name'), 'Borneo tiers');
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_7'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/lists');
    expect(post?.body).toEqual({
      name: 'Borneo tiers',
      description: '',
      tags: [],
      format: 'tiers',
      tiers: [
        { label: 'S', color: 'red', contestants: [{ id: 'rudy-boesch', isSeason: false, seasonId: 's1' }] },
        { label: 'A', color: 'orange', contestants: [] },
        { label: 'B', color: 'yellow', contestants: [] },
        { label: 'C', color: 'green', contestants: [] },
        { label: 'D', color: 'teal', contestants: [] },
        { label: 'F', color: 'blue', contestants: [] },
      ],
      isPublic: true,
    });
  });

  it('an entry’s dialog moves it to another tier, keeps a note and removes it', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    await addTo(user, 'Richard Hatch');
    await addTo(user, 'Rudy Boesch');

    await user.click(screen.getByRole('button', { name: 'Edit Richard Hatch: note, tier or remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Richard Hatch' });
    await user.selectOptions(within(dialog).getByLabelText('Tier'), 'A');
    await user.type(within(dialog).getByLabelText('Note on Richard Hatch'), 'First winner');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(board()).toEqual(['S: ', 'A: Richard Hatch', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: Rudy Boesch']);
    const stored = JSON.parse(window.sessionStorage.getItem(CREATOR_SESSION_KEY) ?? '{}') as { board: { tiers: { items: { note?: string }[] }[] } };
    expect(stored.board.tiers[1]?.items[0]?.note).toBe('First winner');

    await user.click(screen.getByRole('button', { name: 'Edit Rudy Boesch: note, tier or remove' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Rudy Boesch' })).getByRole('button', { name: 'Remove Rudy Boesch' }));
    expect(board().at(-1)).toBe('pool: ');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tiers are renamed, recoloured, reordered, added up to ten and removed (their entries go to the pool)', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    await user.click(screen.getByRole('button', { name: 'Tier S: add clicked entries here' }));
    await addTo(user, 'Richard Hatch');

    await user.click(screen.getByRole('button', { name: 'Tier S settings' }));
    const label = screen.getByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.type(label, 'GOAT');
    await user.click(screen.getByRole('radio', { name: 'Purple' }));
    await user.click(screen.getByRole('button', { name: 'Move down tier GOAT' }));
    expect(board().slice(0, 2)).toEqual(['A: ', 'GOAT: Richard Hatch']);
    expect(screen.getByRole('button', { name: 'Tier GOAT: add clicked entries here' })).toHaveAttribute('data-color', 'purple');

    const addTier = screen.getByRole('button', { name: 'Add tier' });
    for (let i = 0; i < 4; i++) await user.click(addTier);
    expect(board()).toHaveLength(11);
    expect(addTier).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove tier GOAT' }));
    expect(board()).toHaveLength(10);
    expect(board().at(-1)).toBe('pool: Richard Hatch');
  });

  it('Clear empties a tier list and keeps it a tier list', async () => {
    mockListsServer({ me: sandra });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    await addTo(user, 'Richard Hatch');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(board()).toEqual(['S: ', 'A: ', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: ']);
    expect(screen.getByRole('radio', { name: /Tiers/ })).toBeChecked();
  });

  it('an empty label stops the save with the contract’s message', async () => {
    const { calls } = mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    await user.click(screen.getByRole('button', { name: 'Tier S: add clicked entries here' }));
    await addTo(user, 'Richard Hatch');
    await user.type(screen.getByLabelText('List name'), 'Named');
    await user.click(screen.getByRole('button', { name: 'Tier A settings' }));
    await user.clear(screen.getByRole('textbox', { name: 'Label' }));
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    expect(screen.getByText(MESSAGES.tierLabelRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/lists')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'A');
    expect(screen.queryByText(MESSAGES.tierLabelRequired)).toBeNull();
  });

  it('ranked -> tiers -> ranked keeps the order', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    const names = ['Rudy Boesch', 'Richard Hatch'];
    for (const n of names) await addTo(user, n);
    await user.click(screen.getByRole('radio', { name: /Tiers/ }));
    expect(board()).toEqual(['S: Rudy Boesch', 'A: Richard Hatch', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: ']);
    // Rudy goes to the pool, so the order back is tier by tier, the pool last.
    await user.click(screen.getByRole('button', { name: 'Edit Rudy Boesch: note, tier or remove' }));
    await user.selectOptions(within(screen.getByRole('dialog', { name: 'Rudy Boesch' })).getByLabelText('Tier'), 'Unplaced');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('radio', { name: /Ranked/ }));
    const ranked = within(screen.getByRole('list', { name: 'Ranked items' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('[class*="itemName"]')?.textContent);
    expect(ranked).toEqual(['Richard Hatch', 'Rudy Boesch']);
  });

  it('autosaves a tier draft with its pool, and restores one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockListsServer({ me: sandra, routes: { 'PUT /api/me/draft': ({ body }) => ({ status: 200, body: { ...draft(), ...(body as object) } }) } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    await addTo(user, 'Richard Hatch');
    act(() => {
      vi.advanceTimersByTime(2100);
    });
    const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/draft');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toMatchObject({ format: 'tiers', pool: [{ id: 'richard-hatch', isSeason: false, seasonId: 's1' }] });
    expect((puts()[0]?.body as { tiers: unknown[] }).tiers).toHaveLength(6);
    expect(puts()[0]?.body).not.toHaveProperty('contestants');
  });

  it('a tier draft on the server comes back as tiers and pool', async () => {
    const [hatch, rudy] = rankedList().contestants as [never, never];
    mockListsServer({
      me: sandra,
      routes: {
        'GET /api/me/draft': {
          status: 200,
          body: draft({ name: 'Half done', format: 'tiers', tiers: [{ label: 'Top', color: 'teal', contestants: [hatch] }], pool: [rudy] }),
        },
      },
    });
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(await screen.findByText('Your unsaved draft was restored.')).toBeInTheDocument();
    expect(board()).toEqual(['Top: Sandra Diaz-Twine', 'pool: Parvati Shallow']);
    expect(screen.getByRole('radio', { name: /Tiers/ })).toBeChecked();
  });

  it('edit mode loads a tier list from its tiers (its contestants are empty) and saves them with PUT', async () => {
    const [sandraItem, parvati] = rankedList().contestants as [ListItem, ListItem];
    const saved = tierList([
      { label: 'Queens', color: 'purple', contestants: [{ ...sandraItem, note: 'Two wins' }] },
      { label: 'Close', color: 'teal', contestants: [parvati] },
    ]);
    const { calls } = mockListsServer({
      me: sandra,
      routes: {
        'GET /api/lists/u1/list_1': { status: 200, body: saved },
        'PUT /api/lists/u1/list_1': { status: 200, body: saved },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: { pathname: '/create', state: { editingListId: 'list_1' } } });
    expect(await screen.findByDisplayValue('Queens of the Game')).toBeInTheDocument();
    expect(board()).toEqual(['Queens: Sandra Diaz-Twine', 'Close: Parvati Shallow', 'pool: ']);
    expect(screen.getByRole('radio', { name: /Tiers/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_1'));
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/lists/u1/list_1');
    expect(put?.body).toMatchObject({
      format: 'tiers',
      tiers: [
        { label: 'Queens', color: 'purple', contestants: [{ id: 'sandra-diaz-twine', note: 'Two wins' }] },
        { label: 'Close', color: 'teal', contestants: [{ id: 'parvati-shallow' }] },
      ],
    });
    expect(put?.body).not.toHaveProperty('contestants');
  });

  it('moves an entry with the keyboard between tiers, announced as it goes', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await startTiers(user);
    await user.click(screen.getByRole('button', { name: 'Tier S: add clicked entries here' }));
    await addTo(user, 'Richard Hatch');
    await addTo(user, 'Rudy Boesch');
    const handle = screen.getByRole('button', { name: 'Move Rudy Boesch, tier S, position 2 of 2' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    const live = () => [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((el) => el.textContent).join(' ');
    // Picked up, then at once over its own place (the live region keeps the last words).
    await waitFor(() => expect(live()).toMatch(/Rudy Boesch is over tier S, position 2 of 2\./));
    // The keyboard sensor listens from the next task on.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
    await waitFor(() => expect(live()).toMatch(/Rudy Boesch is over tier A, position 1 of 1\./));
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowUp', key: 'ArrowUp' });
    await waitFor(() => expect(live()).toMatch(/Rudy Boesch is over tier S, position 1 of 2\./));
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    await waitFor(() => expect(live()).toMatch(/Rudy Boesch was dropped in tier S, position 1 of 2\./));
    expect(board()[0]).toBe('S: Rudy Boesch, Richard Hatch');
  });
});
