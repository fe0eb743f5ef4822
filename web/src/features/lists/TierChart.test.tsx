import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rankedList } from '../../test/listsServer';
import type { ListItem, Tier } from './api';
import { TierChart } from './TierChart';

describe('TierChart', () => {
  it("links a castaway to their page and a season to its community ranking, as a ranked list's entries do", () => {
    const [sandra, parvati] = rankedList().contestants as [ListItem, ListItem];
    const borneo: ListItem = { id: 's1', name: 'Survivor: Borneo', imageUrl: '/media/seasons/1', isSeason: true, seasonId: 's1', seasonName: 'Survivor: Borneo' };
    const tiers: Tier[] = [
      { label: 'S', color: 'red', contestants: [sandra, parvati] },
      { label: 'A', color: 'orange', contestants: [borneo] },
    ];
    render(<TierChart tiers={tiers} />, { wrapper: MemoryRouter });
    const s = within(screen.getByRole('list', { name: 'Tier S' }));
    expect(s.getByRole('link', { name: 'Sandra Diaz-Twine' })).toHaveAttribute('href', '/castaways/sandra-diaz-twine');
    expect(s.getByRole('link', { name: 'Parvati Shallow' })).toHaveAttribute('href', '/castaways/parvati-shallow');
    expect(within(screen.getByRole('list', { name: 'Tier A' })).getByRole('link', { name: 'Borneo' })).toHaveAttribute('href', '/seasons/s1');
  });
});
