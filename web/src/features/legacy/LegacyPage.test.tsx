import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderApp } from '../../test/mockApi';
import { FakeEventSource } from '../../test/fakeEventSource';
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
