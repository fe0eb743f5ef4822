import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../../../test/utils';
import { draft, mockListsServer } from '../../../../test/listsServer';
import { CREATOR_SESSION_KEY } from '../../../../lib/session';
import CreatePage from '../CreatePage';

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cardNames = () =>
  [...document.querySelectorAll('[aria-keyshortcuts^="Arrow"]')].map((b) => b.querySelector('[class*="cardName"]')?.textContent ?? '');

describe("'Rank by choosing' in the creator", () => {
  it("sorts a season's cast, keeps the progress in the draft, and fills the ranking", async () => {
    const { calls } = mockListsServer({ me: sandra, routes: { 'PUT /api/me/draft': ({ body }) => ({ status: 200, body: { ...draft(), ...(body as object) } }) } });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await user.click(screen.getByRole('button', { name: 'Rank by choosing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rank by choosing' });
    const season = within(dialog).getByRole('combobox', { name: 'Season' });
    await waitFor(() => expect(within(season).getAllByRole('option')).toHaveLength(6));
    // Each franchise's seasons are a group of their own, the US first.
    expect(within(season).getAllByRole('group').map((g) => g.getAttribute('label'))).toEqual(['US', 'Australia']);
    expect(within(season).getByRole('option', { name: '3. Champions vs. Contenders (3)' })).toHaveValue('au3');
    await user.selectOptions(season, 's13');
    expect(within(dialog).getByRole('radio', { name: 'A season’s cast' })).toBeChecked();
    expect(within(dialog).getByText('2 to sort: at most 1 question.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start sorting' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Who do you rank higher?' })).toHaveFocus();
    expect(cardNames()).toEqual(['Yul Kwon', 'Parvati Shallow']);
    // The tab's copy has it at once, the server draft within its autosave.
    expect(JSON.parse(window.sessionStorage.getItem(CREATOR_SESSION_KEY) ?? '{}')).toMatchObject({ sorter: { answers: [] } });
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/draft').at(-1)?.body).toMatchObject({
        contestants: [],
        sorter: {
          entries: [
            { id: 'yul-kwon', isSeason: false, seasonId: 's13' },
            { id: 'parvati-shallow', isSeason: false, seasonId: 's13' },
          ],
          answers: [{ a: 'yul-kwon', b: 'parvati-shallow', winner: 'parvati-shallow' }],
        },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Use this ranking' }));
    const ranked = within(screen.getByRole('list', { name: 'Ranked items' })).getAllByRole('listitem');
    expect(ranked.map((li) => li.querySelector('[class*="itemName"]')?.textContent)).toEqual(['Parvati Shallow', 'Yul Kwon']);
    expect(screen.getByRole('button', { name: 'Rank by choosing' })).toBeInTheDocument();
  });

  it('resumes a sorting kept in the server draft', async () => {
    const entries = ['richard-hatch', 'rudy-boesch', 'yul-kwon'].map((id, i) => ({
      id,
      name: ['Richard Hatch', 'Rudy Boesch', 'Yul Kwon'][i] ?? '',
      imageUrl: `/media/${id}`,
      isSeason: false,
      seasonId: i < 2 ? 's1' : 's13',
      seasonName: i < 2 ? 'Survivor: Borneo' : 'Survivor: Cook Islands',
    }));
    const { calls } = mockListsServer({
      me: sandra,
      routes: { 'GET /api/me/draft': { status: 200, body: draft({ sorter: { entries, answers: [{ a: 'richard-hatch', b: 'rudy-boesch', winner: 'rudy-boesch' }] } }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    expect(await screen.findByText('Your unsaved draft was restored.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sorting progress' })).toHaveAttribute('aria-valuenow', '1');
    // Rudy is above Richard already: Yul's binary search in [Rudy, Richard] starts at Richard.
    expect(cardNames()).toEqual(['Yul Kwon', 'Richard Hatch']);
    expect(screen.queryByRole('button', { name: 'Rank by choosing' })).not.toBeInTheDocument();

    // Stopping leaves the creator empty, and the server's draft too: a reload brings nothing back.
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Stop sorting' }));
    expect(screen.getByRole('button', { name: 'Rank by choosing' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/draft').at(-1)?.body).toEqual({ name: '', description: '', tags: [], contestants: [], isPublic: true }));
  });

  it('offers to sort the entries already in the list, or every season', async () => {
    mockListsServer({ me: sandra });
    const user = userEvent.setup();
    renderWithProviders(<CreatePage />, { route: '/create' });
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    await user.click(screen.getByRole('button', { name: 'Add Rudy Boesch' }));
    await user.click(screen.getByRole('button', { name: 'Rank by choosing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rank by choosing' });
    expect(within(dialog).getByRole('radio', { name: 'The 2 contestants in your list' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Every season (6)' }));
    expect(within(dialog).getByText('6 to sort: at most 10 questions.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
