import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../test/utils';
import { mockListsServer } from '../../test/listsServer';
import { SeasonsPanel } from './SeasonsPanel';
import { IDOL_FOUND, IDOL_SIGN_IN } from './IdolOverlay';
import { ButtonTile } from './testTile';
import { IDOL_CHANCE, IDOL_NOTICE_MS } from './useIdolSearch';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SeasonsPanel create-mode additions', () => {
  it('offers the whole season from the season view', async () => {
    mockListsServer();
    const onAddItem = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SeasonsPanel addable={{ onAdd: onAddItem, tile: ButtonTile }} />);
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    await user.click(screen.getByRole('button', { name: 'Add season' }));
    expect(onAddItem).toHaveBeenLastCalledWith({
      id: 's1',
      name: 'Survivor: Borneo',
      imageUrl: '/media/seasons/1',
      isSeason: true,
      seasonId: 's1',
      seasonName: 'Survivor: Borneo',
    });
    await user.click(screen.getByRole('button', { name: 'Add the season Borneo to the list' }));
    expect(onAddItem).toHaveBeenCalledTimes(2);
  });

  it('signed in, a season card click searches for an idol; a find is announced in a centred overlay for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockListsServer({
      me: sandra,
      routes: { 'POST /api/me/idols/search': { status: 200, body: { found: true, idolsFound: 3 } } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { container } = renderWithProviders(<SeasonsPanel />);
    await screen.findByRole('button', { name: 'Borneo, Season 1' });
    // The live region is there before the find, so screen readers announce what appears in it.
    const live = idolLiveRegion();
    expect(live).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Borneo, Season 1' }));
    await waitFor(() => expect(live).toHaveTextContent(IDOL_FOUND));
    expect(live).not.toHaveTextContent(IDOL_SIGN_IN);
    // Over the page, not inside the panel (where it covered the search box and the sheet's Done).
    expect(container.querySelector('aside')).not.toContainElement(live);
    expect(calls.find((c) => c.path === '/api/me/idols/search')?.body).toEqual({ seasonId: 's1' });
    act(() => {
      vi.advanceTimersByTime(IDOL_NOTICE_MS);
    });
    expect(live).toBeEmptyDOMElement();
  });

  it('signed out, the page rolls the spec chance itself: a find asks for a sign-in and nothing is counted', async () => {
    const roll = vi.spyOn(Math, 'random').mockReturnValue(IDOL_CHANCE + 0.01);
    const { calls } = mockListsServer();
    const user = userEvent.setup();
    renderWithProviders(<SeasonsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    const live = idolLiveRegion();
    expect(live).toBeEmptyDOMElement();

    roll.mockReturnValue(IDOL_CHANCE - 0.01);
    await user.click(screen.getByRole('button', { name: 'Back to Seasons' }));
    await user.click(screen.getByRole('button', { name: 'Cook Islands, Season 13' }));
    expect(live).toHaveTextContent(IDOL_FOUND);
    expect(live).toHaveTextContent(IDOL_SIGN_IN);
    expect(calls.some((c) => c.path === '/api/me/idols/search')).toBe(false);
  });
});

/** The idol overlay's live region: a status element placed straight in <body>. */
function idolLiveRegion(): HTMLElement {
  const found = Array.from(document.body.children).find((el) => el.getAttribute('role') === 'status');
  if (!(found instanceof HTMLElement)) throw new Error('no idol live region in <body>');
  return found;
}

function SheetHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add contestants or seasons
      </button>
      <SeasonsPanel addable={{ onAdd: () => setOpen(false), tile: ButtonTile }} sheet={{ open, onClose: () => setOpen(false) }} />
    </>
  );
}

describe('SeasonsPanel as a bottom sheet on a phone', () => {
  it('takes focus when opened, closes on Escape and gives focus back to the opener', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 768px'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    mockListsServer();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<SheetHarness />);
    const sheet = () => container.querySelector('aside');
    expect(sheet()).toHaveAttribute('data-sheet', 'closed');
    const opener = screen.getByRole('button', { name: 'Add contestants or seasons' });
    await user.click(opener);
    expect(sheet()).toHaveAttribute('data-sheet', 'open');
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(document.body.dataset.createPage).toBe('true');
    await user.keyboard('{Escape}');
    expect(sheet()).toHaveAttribute('data-sheet', 'closed');
    expect(opener).toHaveFocus();
    expect(document.body.dataset.createPage).toBeUndefined();
  });
});
