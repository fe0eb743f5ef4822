import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sandra } from '../../../test/utils';
import { mockListsServer } from '../../lists/testServer';
import { SeasonsPanel } from './SeasonsPanel';
import { ButtonTile } from './testTile';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
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

  it('signed in, a season card click searches for an idol and a find shows for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockListsServer({
      me: sandra,
      routes: { 'POST /api/me/idols/search': { status: 200, body: { found: true, idolsFound: 3 } } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<SeasonsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    expect(await screen.findByText('You found a Hidden Immunity Idol!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/me/idols/search')?.body).toEqual({ seasonId: 's1' });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('You found a Hidden Immunity Idol!')).not.toBeInTheDocument();
  });

  it('signed out, no idol search is made', async () => {
    const { calls } = mockListsServer();
    const user = userEvent.setup();
    renderWithProviders(<SeasonsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    expect(calls.some((c) => c.path === '/api/me/idols/search')).toBe(false);
  });
});

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
