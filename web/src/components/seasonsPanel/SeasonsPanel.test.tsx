import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderWithProviders } from '../../test/utils';
import { SeasonsPanel } from './SeasonsPanel';
import { ButtonTile } from './testTile';
import { COLLAPSED_STORAGE_KEY, FRANCHISE_STORAGE_KEY, PHONE_SHOWN_STORAGE_KEY } from './usePanelState';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPanel() {
  const user = userEvent.setup();
  const view = renderWithProviders(<SeasonsPanel />);
  await screen.findByRole('list', { name: 'All seasons' });
  return { user, ...view };
}

describe('SeasonsPanel', () => {
  it('shows skeletons, then season cards with the Survivor prefix stripped and the number', async () => {
    mockServer();
    const { container } = renderWithProviders(<SeasonsPanel />);
    expect(within(container).getByRole('status')).toHaveTextContent('Loading seasons');
    // The franchise switch is over the skeletons already: the grid does not move when it comes.
    expect(screen.getByRole('group', { name: 'Franchise' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'All seasons' });
    const borneo = within(grid).getByRole('button', { name: 'Borneo, Season 1' });
    expect(borneo).toHaveTextContent('Borneo');
    expect(borneo).not.toHaveTextContent('Survivor');
    const s45 = within(grid).getByRole('button', { name: '45, Season 45' });
    expect(s45).toHaveTextContent('Season 45');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(5);
  });

  it('searches by season name, season number and contestant name', async () => {
    mockServer();
    const { user } = await renderPanel();
    const box = screen.getByPlaceholderText('Search seasons or contestants...');

    await user.type(box, 'micro');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Micronesia, Season 16' })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '45');
    expect(screen.getByRole('button', { name: '45, Season 45' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borneo, Season 1' })).not.toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'Parvati');
    const people = screen.getByRole('list', { name: 'Matching contestants' });
    const items = within(people).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Parvati Shallow');
    expect(items[0]).toHaveTextContent('Season 13 · Cook Islands');
  });

  it('clears the search with the clear button and returns to the grid', async () => {
    mockServer();
    const { user } = await renderPanel();
    const box = screen.getByPlaceholderText('Search seasons or contestants...');
    await user.type(box, 'rudy');
    expect(screen.getByText('Rudy Boesch')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(screen.getByRole('list', { name: 'All seasons' })).toBeInTheDocument();
    expect(box).toHaveFocus();
  });

  it('opens a season to show its cast, and goes back to the seasons', async () => {
    mockServer();
    const { user } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Cook Islands, Season 13' }));
    const cast = screen.getByRole('list', { name: 'Contestants of Cook Islands' });
    expect(within(cast).getByText('Yul Kwon')).toBeInTheDocument();
    expect(within(cast).getByText('Parvati Shallow')).toBeInTheDocument();
    const img = within(cast).getAllByRole('presentation')[0] as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/media/contestants/s13/yul');
    expect(screen.getByRole('link', { name: 'Community ranking' })).toHaveAttribute('href', '/seasons/s13');
    // Outside the creator each castaway opens their page.
    expect(within(cast).getByRole('link', { name: 'Parvati Shallow, castaway page' })).toHaveAttribute('href', '/castaways/parvati-shallow');

    await user.click(screen.getByRole('button', { name: 'Back to Seasons' }));
    expect(screen.getByRole('list', { name: 'All seasons' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to Seasons' })).not.toBeInTheDocument();
  });

  it("switches the grid to another franchise's seasons from the keyboard, remembers it, and still searches them all", async () => {
    mockServer();
    const { user, unmount } = await renderPanel();
    const franchises = screen.getByRole('group', { name: 'Franchise' });
    expect(within(franchises).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['US', 'Australia', 'South Africa', 'New Zealand', 'UK']);
    const us = within(franchises).getByRole('radio', { name: 'US' });
    expect(us).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Champions vs. Contenders, AU 3' })).not.toBeInTheDocument();

    await user.click(us);
    await user.keyboard('{ArrowRight}');
    expect(within(franchises).getByRole('radio', { name: 'Australia' })).toBeChecked();
    const grid = screen.getByRole('list', { name: 'All seasons' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(within(grid).getByRole('button', { name: 'Champions vs. Contenders, AU 3' })).toHaveTextContent('AU 3');
    expect(window.localStorage.getItem(FRANCHISE_STORAGE_KEY)).toBe('AU');

    // Search covers every franchise, whichever the grid shows.
    await user.type(screen.getByPlaceholderText('Search seasons or contestants...'), 'Parvati');
    expect(screen.getByRole('list', { name: 'Matching contestants' })).toHaveTextContent('Season 13 · Cook Islands');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    unmount();

    renderWithProviders(<SeasonsPanel />);
    expect(await screen.findByRole('radio', { name: 'Australia' })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: 'Champions vs. Contenders, AU 3' }));
    expect(screen.getByRole('list', { name: 'Contestants of Champions vs. Contenders' })).toHaveTextContent('Shane Gould');
    expect(screen.queryByRole('group', { name: 'Franchise' })).not.toBeInTheDocument();
  });

  it('falls back to the placeholder image when a logo fails to load', async () => {
    mockServer();
    await renderPanel();
    const card = screen.getByRole('button', { name: 'Borneo, Season 1' });
    const img = card.querySelector('img');
    if (!img) throw new Error('no logo');
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img.getAttribute('src')).toBe('/images/placeholder.jpg'));
  });

  it('remembers collapse in localStorage under seasonsSectionCollapsed', async () => {
    mockServer();
    const { user, unmount } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Collapse seasons panel' }));
    expect(window.localStorage.getItem(COLLAPSED_STORAGE_KEY)).toBe('true');
    expect(screen.queryByPlaceholderText('Search seasons or contestants...')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<SeasonsPanel />);
    const expand = screen.getByRole('button', { name: 'Expand seasons panel' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(window.localStorage.getItem(COLLAPSED_STORAGE_KEY)).toBe('false');
    expect(screen.getByPlaceholderText('Search seasons or contestants...')).toBeVisible();
  });

  it('on a phone starts hidden outside the creator, and remembers the fan showing it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width: 768px'), addEventListener: () => {}, removeEventListener: () => {} }));
    mockServer();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SeasonsPanel />);
    const show = screen.getByRole('button', { name: 'Show seasons' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByPlaceholderText('Search seasons or contestants...')).not.toBeInTheDocument();
    await user.click(show);
    expect(window.localStorage.getItem(PHONE_SHOWN_STORAGE_KEY)).toBe('true');
    expect(await screen.findByRole('list', { name: 'All seasons' })).toBeVisible();
    unmount();

    renderWithProviders(<SeasonsPanel />);
    const hide = screen.getByRole('button', { name: 'Hide seasons' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByPlaceholderText('Search seasons or contestants...')).toBeVisible();
    await user.click(hide);
    expect(window.localStorage.getItem(PHONE_SHOWN_STORAGE_KEY)).toBe('false');
    expect(screen.queryByPlaceholderText('Search seasons or contestants...')).not.toBeInTheDocument();
  });

  it('shows an error with a working retry', async () => {
    const fetchMock = mockServer({ catalog: 'error' });
    const user = userEvent.setup();
    renderWithProviders(<SeasonsPanel />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to load seasons');
    mockServer();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'All seasons' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('in create mode, contestants are buttons that hand their item to onAddItem', async () => {
    mockServer();
    const onAddItem = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SeasonsPanel addable={{ onAdd: onAddItem, tile: ButtonTile }} />);
    await user.click(await screen.findByRole('button', { name: 'Borneo, Season 1' }));
    await user.click(screen.getByRole('button', { name: 'Add Richard Hatch' }));
    expect(onAddItem).toHaveBeenCalledWith({
      id: 'richard-hatch',
      name: 'Richard Hatch',
      imageUrl: '/media/contestants/s1/richard',
      isSeason: false,
      seasonId: 's1',
      seasonName: 'Survivor: Borneo',
    });
  });
});
