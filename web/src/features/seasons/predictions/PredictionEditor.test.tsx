import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { PredictionEditor, moved } from './PredictionEditor';

const cast = [
  { id: 'ann', name: 'Ann Poe' },
  { id: 'bob', name: 'Bob Roe' },
  { id: 'cat', name: 'Cat Doe' },
];

const names = () =>
  within(screen.getByRole('list', { name: 'Your prediction, the winner first' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/[↑↓]/g, '').replace(/^\d+/, ''));

describe('PredictionEditor', () => {
  it('moves an item in a copy of the order', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('starts from the saved order and moves a castaway from the keyboard, keeping focus on them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PredictionEditor seasonId="s51" cast={cast} initial={['cat', 'ann', 'bob']} />);
    expect(names()).toEqual(['Cat Doe', 'Ann Poe', 'Bob Roe']);
    expect(screen.getByRole('button', { name: 'Move Cat Doe up' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Bob Roe up' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Cat Doe', 'Bob Roe', 'Ann Poe']);
    expect(screen.getByRole('button', { name: 'Move Bob Roe up' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Bob Roe: place 2 of 3');
  });

  it('starts from the cast when the saved order is not the whole cast', () => {
    renderWithProviders(<PredictionEditor seasonId="s51" cast={cast} initial={['cat']} />);
    expect(names()).toEqual(['Ann Poe', 'Bob Roe', 'Cat Doe']);
  });
});
