import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PanelItem } from '../../../lib/panelItem';
import { OrderTools } from './OrderTools';

const person = (name: string): PanelItem => ({ id: name.split(' ')[0]!.toLowerCase(), name, imageUrl: '/media/s51/x', isSeason: false, seasonId: 's51', seasonName: 'Luzon' });
const CAST = ['Ann Poe', 'Bob Roe', 'Cat Doe', 'Dan Moe'].map(person);
const LABEL = 'Your prediction, the winner first';

/** The tools as a page holds them: the order in its state, shown under them. */
function Page({ initial = CAST.map((c) => c.id), ordered = false }: { initial?: string[]; ordered?: boolean }) {
  const [order, setOrder] = useState<readonly string[]>(initial);
  return (
    <OrderTools entries={CAST} order={order} onOrder={setOrder} ordered={ordered} label={LABEL} question="Who goes further?">
      <output data-testid="order">{order.join(' ')}</output>
    </OrderTools>
  );
}

const order = () => screen.getByTestId('order').textContent;
const ranked = () =>
  within(screen.getByRole('list', { name: LABEL }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[class*="itemName"]')?.textContent);
const tier = (name: string) =>
  within(screen.getByRole('list', { name: `Tier ${name}` }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[class*="entryName"]')?.textContent);

describe('OrderTools', () => {
  it('shows the order on the ranking board, each row a drag handle, with no removal or notes', () => {
    render(<Page initial={['cat', 'ann', 'bob', 'dan']} ordered />);
    expect(ranked()).toEqual(['Cat Doe', 'Ann Poe', 'Bob Roe', 'Dan Moe']);
    expect(screen.getByRole('button', { name: 'Move Cat Doe, position 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /note/i })).toBeNull();
  });

  it('orders by tiers: placing castaways puts them first, the unplaced after, and the order shows ranked', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('radio', { name: /Tiers/ }));
    // Nothing ordered yet: every castaway starts unplaced, and the tiers do not offer the panel's clicks.
    expect(within(screen.getByRole('list', { name: 'Unplaced entries' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /add clicked entries here/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: "Choose Dan Moe's tier" }));
    const dialog = screen.getByRole('dialog', { name: 'Dan Moe' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tier' }), 'S');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(tier('S')).toEqual(['Dan Moe']);
    expect(order()).toBe('dan ann bob cat');

    await user.click(screen.getByRole('button', { name: "Choose Ann Poe's tier" }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'F');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // The unplaced come after every tier, F included.
    expect(order()).toBe('dan ann bob cat');
    await user.click(screen.getByRole('button', { name: "Choose Cat Doe's tier" }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(order()).toBe('dan cat ann bob');

    await user.click(screen.getByRole('button', { name: 'See the order' }));
    expect(ranked()).toEqual(['Dan Moe', 'Cat Doe', 'Ann Poe', 'Bob Roe']);
    // Back to tiers: the fan's order now, spread over the tiers it had.
    await user.click(screen.getByRole('radio', { name: /Tiers/ }));
    expect(order()).toBe('dan cat ann bob');
    expect(tier('S')).toEqual(['Dan Moe']);
  });

  it('sorts by choosing: the questions hide the rest, and the answers give the order', async () => {
    const user = userEvent.setup();
    render(<Page />);
    expect(screen.getByText('4 to sort: at most 5 questions.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Rank by choosing/ }));
    expect(screen.queryByTestId('order')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Who goes further?' })).toHaveFocus();
    // The fan ranks by name, backwards: Dan goes furthest.
    while (!screen.queryByRole('heading', { name: 'Your order' })) {
      const cards = [...document.querySelectorAll<HTMLButtonElement>('[aria-keyshortcuts^="Arrow"]')];
      const names = cards.map((c) => c.querySelector('[class*="cardName"]')?.textContent ?? '');
      await user.click(cards[names[0]! > names[1]! ? 0 : 1]!);
    }
    await user.click(screen.getByRole('button', { name: 'Use this ranking' }));
    expect(order()).toBe('dan cat bob ann');
    expect(ranked()).toEqual(['Dan Moe', 'Cat Doe', 'Bob Roe', 'Ann Poe']);
  });

  it('proposes tiers from a sorting, and stopping one keeps the order', async () => {
    const user = userEvent.setup();
    render(<Page initial={['bob', 'ann', 'cat', 'dan']} ordered />);
    await user.click(screen.getByRole('button', { name: /Rank by choosing/ }));
    await user.click(screen.getByRole('button', { name: 'Stop sorting' }));
    expect(order()).toBe('bob ann cat dan');
    await user.click(screen.getByRole('button', { name: /Rank by choosing/ }));
    while (!screen.queryByRole('heading', { name: 'Your order' })) await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Propose tiers' }));
    expect(screen.getByRole('radio', { name: /Tiers/ })).toBeChecked();
    expect(tier('S')).toHaveLength(1);
    expect(order()?.split(' ').sort()).toEqual(['ann', 'bob', 'cat', 'dan']);
  });
});
