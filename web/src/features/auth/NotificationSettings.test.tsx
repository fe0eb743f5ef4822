import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import { NotificationSettings } from './NotificationSettings';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('turns the followed-list notifications off, saving the setting', async () => {
  const server = mockApi({ 'PATCH /api/me/settings': () => new Response(null, { status: 204 }) }, { me: sandra });
  renderApp(<NotificationSettings user={sandra} />);
  const box = screen.getByRole('checkbox', { name: 'Tell me when a fan I follow publishes a list' });
  expect(box).toBeChecked();
  await userEvent.setup().click(box);
  await waitFor(() => expect(server.to('/api/me/settings', 'PATCH')).toHaveLength(1));
  expect(server.to('/api/me/settings', 'PATCH')[0]?.body).toEqual({ notifyFollowedLists: false });
});
