import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderApp, type Call } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import ModerationPage from './ModerationPage';
import type { ModerationUser, ModerationUserCase } from './usersApi';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const admin = { ...sandra, isAdmin: true };
const fan: ModerationUser = { id: 'u2', displayName: 'Troll', email: 'troll@example.com', createdAt: new Date(Date.now() - 86_400_000).toISOString(), isAdmin: false };
const mod: ModerationUser = { id: 'u3', displayName: 'Probst', email: 'jeff@example.com', createdAt: fan.createdAt, isAdmin: true };

function caseOf(user: ModerationUser, extra: Partial<ModerationUserCase> = {}): ModerationUserCase {
  return { user, listCount: 2, commentCount: 5, reports: [], actions: [], ...extra };
}

function renderUsers() {
  renderApp(
    <Routes>
      <Route path="/moderation" element={<ModerationPage />} />
    </Routes>,
    { route: '/moderation' },
  );
  return userEvent.setup();
}

describe('the Users tab', () => {
  it('finds an account, suspends it with a reason and an end date, and restores it', async () => {
    let account = caseOf(fan);
    const api = mockApi(
      {
        'GET /api/moderation/reports': json({ targets: [] }),
        'GET /api/moderation/users': ({ url }: Call) => json({ users: (url.searchParams.get('q') ?? '') === '' || 'troll'.startsWith(url.searchParams.get('q')!.toLowerCase()) ? [account.user] : [] }),
        'GET /api/moderation/users/u2': () => json(account),
        'POST /api/moderation/users/u2/suspension': ({ body }: Call) => {
          const { reason, until } = body as { reason: string; until?: string };
          account = caseOf({ ...fan, suspension: { since: new Date().toISOString(), reason, until } }, {
            actions: [{ id: 'a1', adminId: 'u1', adminName: 'Sandra', action: 'suspend', targetType: 'user', key: 'u2', title: 'Troll', detail: `until 3 December 2099: ${reason}`, createdAt: new Date().toISOString() }],
          });
          return json(account);
        },
        'DELETE /api/moderation/users/u2/suspension': () => {
          account = caseOf(fan);
          return json(account);
        },
      },
      { me: admin },
    );
    const user = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find an account by name or email' }), 'TRo');
    const results = await screen.findByRole('list', { name: 'Accounts' });
    await vi.waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('q') === 'TRo')).toBe(true));
    await user.click(within(results).getByRole('button', { name: /Troll/ }));
    const heading = await screen.findByRole('heading', { name: 'Troll', level: 2 });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Nothing of theirs was reported.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suspend…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Troll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the account is suspended.');
    expect(api.to('/api/moderation/users/u2/suspension', 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), '  Spam in every thread ');
    await user.type(within(dialog).getByLabelText(/Until/), '2099-12-03');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByRole('button', { name: 'Restore account' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('/api/moderation/users/u2/suspension', 'POST')[0]?.body).toEqual({ reason: 'Spam in every thread', until: '2099-12-03T00:00:00Z' });
    const view = screen.getByRole('article', { name: 'Troll' });
    expect(view).toHaveTextContent('Suspended until 3 December 2099');
    expect(view).toHaveTextContent('Sandra suspended the account of Troll (until 3 December 2099: Spam in every thread)');

    await user.click(screen.getByRole('button', { name: 'Restore account' }));
    expect(await screen.findByRole('button', { name: 'Suspend…' })).toBeInTheDocument();
    expect(api.to('/api/moderation/users/u2/suspension', 'DELETE')).toHaveLength(1);
  });

  it('offers no suspension of a moderator, says when nothing matches and when loading failed', async () => {
    let fail = true;
    mockApi(
      {
        'GET /api/moderation/reports': json({ targets: [] }),
        'GET /api/moderation/users': ({ url }: Call) => {
          if (fail) return apiError(500, 'boom');
          return json({ users: url.searchParams.get('q') === 'zz' ? [] : [mod] });
        },
        'GET /api/moderation/users/u3': json(caseOf(mod)),
      },
      { me: admin },
    );
    const user = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Users' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the accounts. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: /Probst/ }));
    await screen.findByRole('heading', { name: 'Probst', level: 2 });
    expect(screen.queryByRole('button', { name: 'Suspend…' })).not.toBeInTheDocument();
    expect(screen.getByText(/Moderators cannot be suspended/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('No account matches “zz”.')).toBeInTheDocument();
  });
});
