import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlashNotice } from '../../app/FlashNotice';
import { mockApi, renderApp } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import { LIST_REPORTED, ReportListButton } from './ReportListButton';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ReportListButton', () => {
  it('reports the list and leaves it for the browse page, which says so', async () => {
    const api = mockApi({ 'POST /api/reports': () => new Response(null, { status: 204 }) }, { me: sandra });
    const user = userEvent.setup();
    renderApp(
      <>
        <FlashNotice />
        <Routes>
          <Route path="/list/:userId/:listId" element={<ReportListButton userId="u2" listId="list_1" />} />
          <Route path="/rankings" element={<h1>Browse</h1>} />
        </Routes>
      </>,
      { route: '/list/u2/list_1' },
    );
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this list' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spoilers without the tag' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('heading', { name: 'Browse' })).toBeInTheDocument();
    expect(screen.getByText(LIST_REPORTED)).toBeInTheDocument();
    expect(api.to('/api/reports', 'POST')[0]?.body).toEqual({ targetType: 'list', userId: 'u2', listId: 'list_1', reason: 'spoiler' });
  });
});
