import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderApp } from '../../test/mockApi';
import { FakeEventSource } from '../../test/fakeEventSource';
import { sandra } from '../../test/utils';
import type { Catalog } from '../../api/client';
import LegacyPage from './LegacyPage';
import type { LegacyRankings } from './legacyApi';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const hvv = { id: 's20', name: 'Survivor: Heroes vs. Villains', imageUrl: '/media/seasons/20', isSeason: true, seasonId: 's20', seasonName: 'Survivor: Heroes vs. Villains' };
const cirie = { id: 'cirie-fields', name: 'Cirie Fields', imageUrl: '/media/contestants/s12/cirie', isSeason: false, seasonId: 's12', seasonName: 'Survivor: Panama' };

const record = (over: Partial<LegacyRankings> = {}): LegacyRankings => ({
  maddysList: [hvv],
  andrewsList: [],
  kendallsList: [cirie],
  lastUpdated: '2025-05-03T00:00:00.000Z',
  ...over,
});

describe('LegacyPage', () => {
  it("shows the three lists, an empty one as such, and follows the record's stream", async () => {
    mockApi({ 'GET /api/legacy-rankings': record() });
    renderApp(<LegacyPage />, { route: '/legacy' });
    const maddy = await screen.findByRole('region', { name: "Maddy's List" });
    expect(within(maddy).getByText('Heroes vs. Villains')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: "Andrew's List" })).getByText('Nothing ranked yet.')).toBeInTheDocument();
    const kendall = screen.getByRole('region', { name: "Kendall's List" });
    expect(within(kendall).getByText('Cirie Fields')).toBeInTheDocument();
    expect(within(kendall).getByText('Panama')).toBeInTheDocument();
    expect(screen.getByText(/Last updated/).querySelector('time')).toHaveAttribute('dateTime', '2025-05-03T00:00:00.000Z');

    const source = FakeEventSource.instances[0]!;
    expect(source.url).toMatch(/\/api\/legacy-rankings\/stream$/);
    source.emit('legacy', record({ andrewsList: [cirie], lastUpdated: '2025-06-01T00:00:00.000Z' }));
    expect(await within(screen.getByRole('region', { name: "Andrew's List" })).findByText('Cirie Fields')).toBeInTheDocument();
    source.emit('legacy', { nonsense: true });
    expect(within(screen.getByRole('region', { name: "Andrew's List" })).getByText('Cirie Fields')).toBeInTheDocument();
  });

  it('says when the record cannot be loaded, and retries', async () => {
    let fail = true;
    mockApi({ 'GET /api/legacy-rankings': () => (fail ? apiError(500, 'boom') : json(record())) });
    renderApp(<LegacyPage />, { route: '/legacy' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the legacy rankings.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: "Maddy's List" })).toBeInTheDocument();
  });

  it('closes its stream when left', async () => {
    mockApi({ 'GET /api/legacy-rankings': record() });
    const { unmount } = renderApp(<LegacyPage />, { route: '/legacy' });
    await screen.findByRole('region', { name: "Maddy's List" });
    unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });
});

const catalog: Catalog = {
  version: 1,
  seasons: [
    { id: 's12', franchise: 'US', number: 12, name: 'Survivor: Panama', logoUrl: '/media/seasons/12', contestants: [{ id: 'cirie-fields', name: 'Cirie Fields', imageUrl: '/c' }] },
    {
      id: 's20',
      franchise: 'US',
      number: 20,
      name: 'Survivor: Heroes vs. Villains',
      logoUrl: '/media/seasons/20',
      contestants: [{ id: 'parvati-shallow', name: 'Parvati Shallow', imageUrl: '/p' }],
    },
  ],
};

describe('LegacyPage, editing', () => {
  it('offers no editing signed out', async () => {
    mockApi({ 'GET /api/legacy-rankings': record() });
    renderApp(<LegacyPage />, { route: '/legacy' });
    await screen.findByRole('region', { name: "Maddy's List" });
    expect(screen.queryByRole('button', { name: 'Edit the lists' })).not.toBeInTheDocument();
  });

  it('signed in: reorder, remove and add under the list rules, then save and say so', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      {
        'GET /api/legacy-rankings': record(),
        'GET /api/catalog/seasons': catalog,
        'PUT /api/legacy-rankings': () => json(record({ andrewsList: [cirie, { ...cirie, id: 'parvati-shallow', name: 'Parvati Shallow' }], kendallsList: [] })),
      },
      { me: sandra },
    );
    renderApp(<LegacyPage />, { route: '/legacy' });
    await user.click(await screen.findByRole('button', { name: 'Edit the lists' }));

    const kendall = screen.getByRole('region', { name: "Kendall's List" });
    await user.click(within(kendall).getByRole('button', { name: 'Remove Cirie Fields' }));
    expect(within(kendall).getByText('Nothing ranked yet.')).toBeInTheDocument();

    const andrew = screen.getByRole('region', { name: "Andrew's List" });
    const search = within(andrew).getByRole('searchbox', { name: "Add to Andrew's List" });
    await user.type(search, 'parvati');
    await user.click(await within(andrew).findByRole('button', { name: /^Add Parvati Shallow/ }));
    await user.clear(search);
    await user.type(search, 'cirie');
    await user.click(await within(andrew).findByRole('button', { name: /^Add Cirie Fields/ }));
    await user.clear(search);
    await user.type(search, 'heroes');
    await user.click(await within(andrew).findByRole('button', { name: 'Add Heroes vs. Villains' }));
    expect(within(andrew).getByRole('alert')).toHaveTextContent('Cannot mix seasons and contestants.');
    await user.click(within(andrew).getByRole('button', { name: 'Move Cirie Fields up' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Legacy rankings saved.')).toBeInTheDocument();
    expect(api.to('/api/legacy-rankings', 'PUT')[0]!.body).toEqual({
      maddysList: [{ id: 's20', isSeason: true, seasonId: 's20' }],
      andrewsList: [
        { id: 'cirie-fields', isSeason: false, seasonId: 's12' },
        { id: 'parvati-shallow', isSeason: false, seasonId: 's20' },
      ],
      kendallsList: [],
    });
    expect(within(screen.getByRole('region', { name: "Kendall's List" })).getByText('Nothing ranked yet.')).toBeInTheDocument();
  });

  it('a refused save says why and keeps the edits', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        'GET /api/legacy-rankings': record(),
        'GET /api/catalog/seasons': catalog,
        'PUT /api/legacy-rankings': apiError(429, 'Too many changes to the legacy rankings. Please wait a few minutes and try again.'),
      },
      { me: sandra },
    );
    renderApp(<LegacyPage />, { route: '/legacy' });
    await user.click(await screen.findByRole('button', { name: 'Edit the lists' }));
    await user.click(within(screen.getByRole('region', { name: "Maddy's List" })).getByRole('button', { name: 'Remove Heroes vs. Villains' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many changes to the legacy rankings. Please wait a few minutes and try again.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: "Maddy's List" })).getByText('Nothing ranked yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
