import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../../test/utils';
import CreatePage from './CreatePage';
import { CREATOR_SESSION_KEY as CREATOR_STORAGE_KEY } from '../../../lib/session';
import { draft, mockListsServer, rankedList } from '../../../test/listsServer';
import { remixStateFor } from './remixState';

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rankedNames(): string[] {
  const list = screen.queryByRole('list', { name: 'Ranked items' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[class*="itemName"]')?.textContent ?? '');
}

async function openBorneo(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
}

describe('CreatePage', () => {
  it('shows the instructions, keeps Save disabled while empty, adds by click and ignores duplicates', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(screen.getAllByText('Click contestants to add them to your ranking list or drag them for precise positioning.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save List' })).toBeDisabled();
    expect(screen.getByText('Your ranking is empty')).toBeInTheDocument();

    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.click(screen.getByRole('button', { name: 'Add Rudy Boesch' }));
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    expect(rankedNames()).toEqual(['Richard Hatch', 'Rudy Boesch']);
    expect(screen.getByRole('button', { name: 'Save List' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove Richard Hatch' }));
    expect(rankedNames()).toEqual(['Rudy Boesch']);
  });

  it('refuses to mix seasons and contestants: the message shows, then clears after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockListsServer({ me: sandra });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.click(screen.getByRole('button', { name: 'Add season' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot mix contestants and seasons.');
    expect(rankedNames()).toEqual(['Richard Hatch']);
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Cannot mix contestants and seasons.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Cannot mix contestants and seasons.')).not.toBeInTheDocument();
  });

  it('flips the type tag as seasons come and go, and says so the other way round', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(screen.getByTestId('type-tag')).toHaveTextContent('Survivor ranking');
    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add season' }));
    expect(screen.getByTestId('type-tag')).toHaveTextContent('Season ranking');
    expect(rankedNames()).toEqual(['Borneo']);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot mix seasons and contestants.');
    await user.click(screen.getByRole('button', { name: 'Remove Borneo' }));
    expect(screen.getByTestId('type-tag')).toHaveTextContent('Survivor ranking');
  });

  it('requires a name, then saves with POST and opens the new list', async () => {
    const { calls } = mockListsServer({
      me: sandra,
      routes: { 'POST /api/lists': { status: 201, body: rankedList({ id: 'list_42', name: 'Borneo best' }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    expect(screen.getByText('Please enter a name for your list')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/lists')).toBe(false);

    const name = screen.getByLabelText('List name');
    await user.type(name, 'Borneo best');
    expect(screen.getByText('11/50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Strategic' }));
    await user.click(screen.getByRole('switch', { name: 'Public' }));
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_42'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/lists');
    expect(post?.body).toEqual({
      name: 'Borneo best',
      description: '',
      tags: ['strategic'],
      contestants: [{ id: 'richard-hatch', isSeason: false, seasonId: 's1' }],
      isPublic: false,
    });
    expect(window.sessionStorage.getItem(CREATOR_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's validation message under its field, and the spec text when the server fails", async () => {
    let status = 400;
    mockListsServer({
      me: sandra,
      routes: {
        'POST /api/lists': () =>
          status === 400
            ? { status, body: { error: { code: 'validation', message: 'Description must be 200 characters or fewer.', field: 'description' } } }
            : { status, body: { error: { code: 'internal', message: 'boom' } } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.type(screen.getByLabelText('List name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    expect(await screen.findByText('Description must be 200 characters or fewer.')).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    expect(await screen.findByText('Failed to save your list. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('List name')).toHaveValue('Mine');
  });

  it('asks before clearing a non-empty creator, and clears the draft when confirmed', async () => {
    const { calls } = mockListsServer({ me: sandra });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to clear this list? This action cannot be undone.');
    expect(rankedNames()).toEqual(['Richard Hatch']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(rankedNames()).toEqual([]);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/me/draft')).toBe(true));
  });

  it('autosaves the draft 2 s after the last change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockListsServer({ me: sandra, routes: { 'PUT /api/me/draft': ({ body }) => ({ status: 200, body: { ...draft(), ...(body as object) } }) } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<CreatePage />, { route: '/create' });
    await screen.findByRole('button', { name: 'Borneo, Season 1' });
    await user.type(screen.getByLabelText('List name'), 'Work');
    const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/draft');
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await user.type(screen.getByLabelText('List name'), 's');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(puts()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toMatchObject({ name: 'Works', contestants: [], isPublic: true });
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(CREATOR_STORAGE_KEY) ?? '{}')).toMatchObject({ name: 'Works', isPublic: true });

    await user.click(screen.getByRole('switch', { name: 'Public' }));
    expect(JSON.parse(window.sessionStorage.getItem(CREATOR_STORAGE_KEY) ?? '{}')).toMatchObject({ name: 'Works', isPublic: false });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toMatchObject({ name: 'Works', isPublic: false });
  });

  it('restores the server draft into a blank creator', async () => {
    mockListsServer({
      me: sandra,
      routes: {
        'GET /api/me/draft': {
          status: 200,
          body: draft({ name: 'Half done', tags: ['social', 'survivor-ranking'], contestants: rankedList().contestants }),
        },
      },
    });
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(await screen.findByText('Your unsaved draft was restored.')).toBeInTheDocument();
    expect(screen.getByLabelText('List name')).toHaveValue('Half done');
    expect(screen.getByRole('button', { name: 'Social' })).toHaveAttribute('aria-pressed', 'true');
    expect(rankedNames()).toEqual(['Sandra Diaz-Twine', 'Parvati Shallow']);
    expect(screen.getByRole('switch', { name: 'Public' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a restored draft of a remix still remixes its original', async () => {
    const { calls } = mockListsServer({
      me: sandra,
      routes: {
        'GET /api/me/draft': {
          status: 200,
          body: draft({ name: 'Remix of X', contestants: rankedList().contestants, remixOf: { userId: 'u2', listId: 'list_9', name: 'X', userName: 'Rob' } }),
        },
        'POST /api/lists': { status: 201, body: rankedList({ id: 'list_44' }) },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(await screen.findByText(/Remixing/)).toHaveTextContent('Remixing X by Rob');
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_44'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/lists')?.body).toMatchObject({ remixOf: { userId: 'u2', listId: 'list_9' } });
  });

  it('a restored private server draft comes back private', async () => {
    mockListsServer({
      me: sandra,
      routes: {
        'GET /api/me/draft': { status: 200, body: draft({ name: 'Secret picks', contestants: rankedList().contestants, isPublic: false }) },
      },
    });
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(await screen.findByText('Your unsaved draft was restored.')).toBeInTheDocument();
    expect(screen.getByLabelText('List name')).toHaveValue('Secret picks');
    expect(screen.getByRole('switch', { name: 'Public' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Private: only you can see this list.')).toBeInTheDocument();
  });

  it("a private draft kept in this tab's storage comes back private after a reload", async () => {
    window.sessionStorage.setItem(CREATOR_STORAGE_KEY, JSON.stringify({ name: 'Tab copy', description: '', tags: [], items: [], isPublic: false }));
    mockListsServer({ me: sandra });
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(await screen.findByLabelText('List name')).toHaveValue('Tab copy');
    expect(screen.getByRole('switch', { name: 'Public' })).toHaveAttribute('aria-checked', 'false');
  });

  it('writes a note under an entry from the keyboard, counts its characters and saves it', async () => {
    const { calls } = mockListsServer({
      me: sandra,
      routes: { 'POST /api/lists': { status: 201, body: rankedList({ id: 'list_42', name: 'Notes' }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await openBorneo(user);
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.click(screen.getByRole('button', { name: 'Add Rudy Boesch' }));
    const add = screen.getByRole('button', { name: 'Add note on Richard Hatch' });
    add.focus();
    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'Note on Richard Hatch' });
    expect(field).toHaveFocus();
    await user.keyboard('Invented the game');
    expect(screen.getByText('17/280')).toBeInTheDocument();
    expect(field).toHaveAttribute('maxlength', '280');
    // Rudy's note stays folded; an opened empty note folds again when left.
    await user.click(screen.getByRole('button', { name: 'Add note on Rudy Boesch' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add note on Rudy Boesch' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('List name'), 'Notes');
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_42'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/lists')?.body).toMatchObject({
      contestants: [
        { id: 'richard-hatch', isSeason: false, seasonId: 's1', note: 'Invented the game' },
        { id: 'rudy-boesch', isSeason: false, seasonId: 's1' },
      ],
    });
  });

  it('a remix starts prefilled, says what it remixes and saves with remixOf', async () => {
    const { calls } = mockListsServer({
      me: sandra,
      routes: { 'POST /api/lists': { status: 201, body: rankedList({ id: 'list_43' }) } },
    });
    const user = userEvent.setup();
    const remix = remixStateFor(rankedList({ userId: 'u2', id: 'list_9', userName: 'Rob', contestants: rankedList().contestants.map((c, i) => (i === 0 ? { ...c, note: 'Two wins' } : c)) }));
    renderWithProviders(<CreatePage />, { route: { pathname: '/create', state: remix } });
    expect(await screen.findByDisplayValue('Remix of Queens of the Game')).toBeInTheDocument();
    expect(screen.getByText(/Remixing/)).toHaveTextContent('Remixing Queens of the Game by Rob');
    expect(rankedNames()).toEqual(['Sandra Diaz-Twine', 'Parvati Shallow']);
    expect(screen.getByRole('textbox', { name: 'Note on Sandra Diaz-Twine' })).toHaveValue('Two wins');
    expect(screen.getByRole('button', { name: 'Strategic' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Save List' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_43'));
    // Still there once every effect has run: clearing the remix start never sends it back.
    await act(() => Promise.resolve());
    expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_43');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/lists')?.body).toMatchObject({
      name: 'Remix of Queens of the Game',
      tags: ['strategic'],
      contestants: [{ id: 'sandra-diaz-twine', note: 'Two wins' }, { id: 'parvati-shallow' }],
      remixOf: { userId: 'u2', listId: 'list_9' },
    });
  });

  it('edit mode loads the list and saves it with PUT', async () => {
    const { calls } = mockListsServer({
      me: sandra,
      routes: {
        'GET /api/lists/u1/list_1': {
          status: 200,
          body: rankedList({ isPublic: false, contestants: rankedList().contestants.map((c, i) => (i === 0 ? { ...c, note: 'Two wins' } : c)) }),
        },
        'PUT /api/lists/u1/list_1': ({ body }) => ({ status: 200, body: rankedList(body as object) }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: { pathname: '/create', state: { editingListId: 'list_1' } } });
    expect(await screen.findByRole('heading', { name: 'Edit Ranking' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Queens of the Game')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Public' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Strategic' })).toHaveAttribute('aria-pressed', 'true');
    expect(rankedNames()).toEqual(['Sandra Diaz-Twine', 'Parvati Shallow']);
    expect(screen.getByRole('textbox', { name: 'Note on Sandra Diaz-Twine' })).toHaveValue('Two wins');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/list/u1/list_1'));
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/lists/u1/list_1')?.body).toMatchObject({
      name: 'Queens of the Game',
      isPublic: false,
      tags: ['strategic'],
      contestants: [{ id: 'sandra-diaz-twine', note: 'Two wins' }, { id: 'parvati-shallow' }],
    });
    expect(calls.some((c) => c.path === '/api/me/draft' && c.method === 'PUT')).toBe(false);
  });

  it('edit mode keeps unsaved changes through a reload, and lets them go when the page is left', async () => {
    mockListsServer({ me: sandra, routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList() } } });
    const user = userEvent.setup();
    const route = { pathname: '/create', state: { editingListId: 'list_1' } };
    const first = renderWithProviders(<CreatePage />, { route });
    const name = await screen.findByDisplayValue('Queens of the Game');
    await user.type(name, ', revised');
    // A reload runs no clean-up: the tab's copy is what the page opens with.
    const copy = sessionStorage.getItem('castaway.text.edit:list_1');
    expect(copy).toContain('Queens of the Game, revised');
    first.unmount();
    expect(sessionStorage.getItem('castaway.text.edit:list_1')).toBeNull();
    sessionStorage.setItem('castaway.text.edit:list_1', copy ?? '');
    const reloaded = renderWithProviders(<CreatePage />, { route });
    expect(await screen.findByDisplayValue('Queens of the Game, revised')).toBeInTheDocument();
    expect(screen.getByText('Your unsaved changes were restored.')).toBeInTheDocument();
    reloaded.unmount();

    renderWithProviders(<CreatePage />, { route });
    expect(await screen.findByDisplayValue('Queens of the Game')).toBeInTheDocument();
    expect(screen.queryByText('Your unsaved changes were restored.')).not.toBeInTheDocument();
  });

  it('edit mode says so when the list is gone, and when saving finds it deleted', async () => {
    mockListsServer({
      me: sandra,
      routes: { 'GET /api/lists/u1/list_9': { status: 404, body: { error: { code: 'list_not_found', message: 'List not found' } } } },
    });
    renderWithProviders(<CreatePage />, { route: { pathname: '/create', state: { editingListId: 'list_9' } } });
    expect(await screen.findByText('Failed to load the list for editing. It may have been deleted.')).toBeInTheDocument();
  });

  it('edit save shows the server message when the list was deleted meanwhile', async () => {
    mockListsServer({
      me: sandra,
      routes: {
        'GET /api/lists/u1/list_1': { status: 200, body: rankedList() },
        'PUT /api/lists/u1/list_1': { status: 404, body: { error: { code: 'not_found', message: 'List not found. It may have been deleted.' } } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: { pathname: '/create', state: { editingListId: 'list_1' } } });
    await screen.findByDisplayValue('Queens of the Game');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('List not found. It may have been deleted.')).toBeInTheDocument();
  });
});
