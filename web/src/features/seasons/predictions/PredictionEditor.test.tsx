import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { mockListsServer } from '../../../test/listsServer';
import { seasonParts } from '../../../app/parts';
import { PREDICTION_LABEL, PredictionEditor, wholeCast } from './PredictionEditor';

afterEach(() => {
  vi.unstubAllGlobals();
});

const cast = [
  { id: 'ann', name: 'Ann Poe', tribe: 'Luzon' },
  { id: 'bob', name: 'Bob Roe', tribe: 'Luzon' },
  { id: 'cat', name: 'Cat Doe', tribe: 'Tuku' },
];

const view = (order: string[]) => ({ seasonId: 's51', locked: false, locksAt: '2099-03-01T00:00:00Z', entry: { order }, boots: [], episodes: [] });

/** The prediction's rows, as the ranking board shows them (the tools load in a chunk of their own). */
async function names() {
  const list = await screen.findByRole('list', { name: PREDICTION_LABEL });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[class*="itemName"]')?.textContent);
}

describe('PredictionEditor', () => {
  it('takes a saved order only when it is the whole cast, each once', () => {
    expect(wholeCast(['cat', 'ann', 'bob'], cast)).toBe(true);
    expect(wholeCast(['cat'], cast)).toBe(false);
    expect(wholeCast(['cat', 'cat', 'bob'], cast)).toBe(false);
    expect(wholeCast(['cat', 'ann', 'eve'], cast)).toBe(false);
  });

  it('starts from the saved order, orders with the creator’s tools and saves what it shows', async () => {
    const { calls } = mockListsServer({ routes: { 'PUT /api/seasons/s51/prediction': (c) => ({ status: 200, body: view((c.body as { order: string[] }).order) }) } });
    const user = userEvent.setup();
    renderWithProviders(<PredictionEditor seasonId="s51" cast={cast} initial={['cat', 'ann', 'bob']} OrderTools={seasonParts.OrderTools} />);
    expect(await names()).toEqual(['Cat Doe', 'Ann Poe', 'Bob Roe']);
    // Its tribe under each name.
    expect(screen.getAllByText('Tuku')).toHaveLength(1);
    // Bob to the top tier, after Cat (the saved order spread one to a tier): the order follows.
    await user.click(screen.getByRole('radio', { name: /Tiers/ }));
    await user.click(screen.getByRole('button', { name: "Choose Bob Roe's tier" }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'S');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Save prediction' }));
    await screen.findByText('Prediction saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ order: ['cat', 'bob', 'ann'] });
  });

  it('starts from the cast when the saved order is not the whole cast', async () => {
    mockListsServer();
    renderWithProviders(<PredictionEditor seasonId="s51" cast={cast} initial={['cat']} OrderTools={seasonParts.OrderTools} />);
    expect(await names()).toEqual(['Ann Poe', 'Bob Roe', 'Cat Doe']);
  });

  it('says so when the server refuses a save after the premiere, and offers no more saving', async () => {
    const locked = 'Predictions for Survivor 51 locked at the premiere, 1 January 2020, 00:00 UTC.';
    mockListsServer({ routes: { 'PUT /api/seasons/s51/prediction': { status: 409, body: { error: { code: 'prediction_locked', message: locked } } } } });
    const user = userEvent.setup();
    renderWithProviders(<PredictionEditor seasonId="s51" cast={cast} initial={[]} OrderTools={seasonParts.OrderTools} />);
    await names();
    await user.click(screen.getByRole('button', { name: 'Save prediction' }));
    await screen.findByText(locked);
    expect(screen.queryByRole('button', { name: 'Save prediction' })).toBeNull();
  });
});
