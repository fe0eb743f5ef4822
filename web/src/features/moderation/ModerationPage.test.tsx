import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, type Call } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import ModerationPage from './ModerationPage';
import type { ReportTarget } from './moderationApi';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const admin = { ...sandra, isAdmin: true };

const reported: ReportTarget = {
  targetType: 'comment',
  key: 'c1',
  userId: 'u2',
  listId: 'list_1',
  commentId: 'c1',
  status: 'open',
  reportCount: 3,
  reasons: { spam: 0, harassment: 2, spoiler: 0, other: 1 },
  texts: ['Insults the author'],
  firstReportedAt: new Date(Date.now() - 3600_000).toISOString(),
  lastReportedAt: new Date(Date.now() - 60_000).toISOString(),
  authorId: 'u9',
  authorName: 'Troll',
  title: 'You are all wrong',
  gone: false,
};

function renderModeration() {
  return renderApp(
    <Routes>
      <Route path="/moderation" element={<ModerationPage />} />
      <Route path="/" element={<h1>Home page</h1>} />
      <Route path="/list/:userId/:listId" element={<h1>List page</h1>} />
    </Routes>,
    { route: '/moderation' },
  );
}

describe('ModerationPage', () => {
  it('shows what was reported, by how many and why, and hides it', async () => {
    let queue = [reported];
    const api = mockApi(
      {
        'GET /api/moderation/reports': ({ url }: Call) => json({ targets: url.searchParams.get('status') === 'open' ? queue : [] }),
        'POST /api/moderation/actions': () => {
          queue = [];
          return json({ ...reported, status: 'hidden' });
        },
        'GET /api/moderation/actions': json({ actions: [{ id: 'a1', adminId: 'u1', adminName: 'Sandra', action: 'hide', targetType: 'comment', key: 'c1', title: 'You are all wrong', createdAt: new Date().toISOString() }] }),
      },
      { me: admin },
    );
    const user = userEvent.setup();
    renderModeration();
    const card = await screen.findByRole('article', { name: 'Reported comment by Troll' });
    expect(card).toHaveTextContent('3 reports');
    expect(within(card).getByRole('list', { name: 'Reasons' })).toHaveTextContent('Harassment × 2');
    expect(within(card).getByRole('list', { name: 'Reasons' })).toHaveTextContent('Other × 1');
    expect(within(card).getByRole('link', { name: 'You are all wrong' })).toHaveAttribute('href', '/list/u2/list_1#comment-c1');
    expect(card).toHaveTextContent('Insults the author');
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
    expect(api.to('/api/moderation/actions', 'POST')[0]?.body).toEqual({ action: 'hide', targetType: 'comment', commentId: 'c1' });

    await user.click(screen.getByRole('button', { name: 'Actions log' }));
    expect(await screen.findByText('You are all wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions log' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is not there for a fan who is not a moderator', async () => {
    const api = mockApi({}, { me: sandra });
    renderModeration();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.to('/api/moderation/reports')).toHaveLength(0);
  });
});
