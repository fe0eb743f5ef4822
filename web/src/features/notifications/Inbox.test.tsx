import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notification } from '../../test/communityFixtures';
import { json, mockApi, renderApp } from '../../test/mockApi';
import { FakeEventSource } from '../../test/fakeEventSource';
import { sandra } from '../../test/utils';
import Inbox from './Inbox';
import { notificationHref, notificationText, preview, type Inbox as InboxData, type Notification } from './notificationsApi';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function inboxOf(notifications: Notification[]): InboxData {
  return { notifications, unreadCount: notifications.filter((n) => n.isNew).length };
}

function markedAllRead(i: InboxData): InboxData {
  return { notifications: i.notifications.map((n) => ({ ...n, isNew: false })), unreadCount: 0 };
}

function setup(initial: InboxData) {
  let current = initial;
  const server = mockApi(
    {
      'GET /api/notifications': () => json(current),
      'POST /api/notifications/read-all': () => {
        current = markedAllRead(current);
        return json(current);
      },
    },
    { me: sandra },
  );
  // Per-notification read: any id.
  const original = server.fetchMock.getMockImplementation()!;
  server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const m = /^\/api\/notifications\/([^/]+)\/read$/.exec(new URL(req.url).pathname);
    if (m && req.method === 'POST' && m[1] !== 'read-all') {
      server.calls.push({ method: 'POST', url: new URL(req.url), body: undefined });
      current = {
        notifications: current.notifications.map((n) => (n.id === m[1] ? { ...n, isNew: false } : n)),
        unreadCount: Math.max(0, current.unreadCount - (current.notifications.some((n) => n.id === m[1] && n.isNew) ? 1 : 0)),
      };
      return json(current);
    }
    return original(input, init);
  });
  const utils = renderApp(<Inbox />);
  return { server, ...utils };
}

const bell = (name: string | RegExp = /^Inbox/) => screen.findByRole('button', { name });

describe('notification texts', () => {
  it('cuts the preview at 10 characters plus ... only when longer', () => {
    expect(preview('1234567890')).toBe('1234567890');
    expect(preview('12345678901')).toBe('1234567890...');
    expect(notificationText(notification({ type: 'comment', createdByName: 'Rob', content: 'Sandra is the queen' }))).toBe('Rob commented: "Sandra is ..."');
    expect(notificationText(notification({ type: 'comment_reply', createdByName: 'Amber', content: 'Agreed' }))).toBe('Amber replied: "Agreed"');
    expect(notificationText(notification({ type: 'list_like', createdByName: 'Tony', content: 'My list' }))).toBe('Tony upvoted your list');
    expect(notificationText(notification({ type: 'comment_like', createdByName: 'Kim', content: 'My list' }))).toBe('Kim liked your comment');
    expect(notificationText(notification({ type: 'list_remix', createdByName: 'Ben', content: 'My list' }))).toBe('Ben remixed your list');
    expect(notificationText(notification({ type: 'new_follower', createdByName: 'Ann', content: '' }))).toBe('Ann started following you');
    expect(notificationText(notification({ type: 'followed_list', createdByName: 'Ben', content: 'Heroes' }))).toBe('Ben published a list');
  });

  it('leads a new follower to their page and a followed list to the list', () => {
    expect(notificationHref(notification({ type: 'new_follower', actorId: 'u-ann', listUserId: '', listId: '' }))).toBe('/rankings/user/u-ann');
    expect(notificationHref(notification({ type: 'followed_list', listUserId: 'u-ben', listId: 'l1' }))).toBe('/list/u-ben/l1');
  });
});

describe('Inbox', () => {
  it('shows the unread count on the bell and lists the notifications, new ones marked', async () => {
    setup(inboxOf([notification({ id: 'n2', content: 'A much longer comment' }), notification({ id: 'n1', type: 'list_like', createdByName: 'Tony', isNew: false })]));
    const button = await bell('Inbox, 1 unread');
    expect(screen.getByTestId('inbox-badge')).toHaveTextContent('1');
    await userEvent.setup().click(button);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByRole('button').filter((b) => b.closest('li'));
    expect(items[0]).toHaveTextContent('New: Rob commented: "A much lon..."');
    expect(items[0]).toHaveClass('isNew');
    expect(items[1]).toHaveTextContent('Tony upvoted your list');
    expect(items[1]).not.toHaveClass('isNew');
  });

  it('says when there is nothing yet', async () => {
    const user = userEvent.setup();
    setup(inboxOf([]));
    await user.click(await bell('Inbox'));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('inbox-badge')).not.toBeInTheDocument();
  });

  it.each([
    ['list_like', '/list/u1/list_7'],
    ['comment', '/list/u1/list_7'],
    ['comment_reply', '/list/u1/list_7#comment-c9'],
    ['comment_like', '/list/u1/list_7#comment-c9'],
  ] as const)('%s: a click marks it read and goes to %s', async (type, target) => {
    const user = userEvent.setup();
    const { server } = setup(inboxOf([notification({ id: 'n5', type, listUserId: 'u1', listId: 'list_7', commentId: 'c9' })]));
    await user.click(await bell('Inbox, 1 unread'));
    await user.click(within(screen.getByRole('list', { name: 'Recent notifications' })).getByRole('button'));
    expect(screen.getByTestId('location')).toHaveTextContent(target);
    await waitFor(() => expect(server.to('/api/notifications/n5/read', 'POST')).toHaveLength(1));
    expect(await bell('Inbox')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it.each([
    ['comment', '/global-rankings/poll_s50'],
    ['comment_reply', '/global-rankings/poll_s50#comment-c9'],
  ] as const)("%s in a poll's Discussion goes to the poll's page: %s", async (type, target) => {
    const user = userEvent.setup();
    setup(inboxOf([notification({ id: 'n6', type, listUserId: '', listId: 'poll_s50', commentId: 'c9' })]));
    await user.click(await bell('Inbox, 1 unread'));
    await user.click(within(screen.getByRole('list', { name: 'Recent notifications' })).getByRole('button'));
    expect(screen.getByTestId('location')).toHaveTextContent(target);
  });

  it('marks all read when the pointer leaves the dropdown', async () => {
    const user = userEvent.setup();
    const { server } = setup(inboxOf([notification({ id: 'a' }), notification({ id: 'b', type: 'comment_like' })]));
    await user.click(await bell('Inbox, 2 unread'));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.pointerLeave(panel, { pointerType: 'mouse' });
    await waitFor(() => expect(server.to('/api/notifications/read-all', 'POST')).toHaveLength(1));
    expect(await bell('Inbox')).toBeInTheDocument();
    expect(within(panel).getAllByRole('button').filter((b) => b.classList.contains('isNew'))).toHaveLength(0);
  });

  it('updates live from the event stream', async () => {
    const user = userEvent.setup();
    setup(inboxOf([]));
    await bell('Inbox');
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toMatch(/\/api\/notifications\/stream$/);
    await user.click(await bell('Inbox'));
    await screen.findByText('No notifications yet.');

    source.emit('notifications', inboxOf([notification({ id: 'live', type: 'comment_reply', createdByName: 'Amber', content: 'Nice one' })]));
    expect(await bell('Inbox, 1 unread')).toBeInTheDocument();
    expect(screen.getByText('Amber replied: "Nice one"')).toBeInTheDocument();
  });

  it('Escape closes the dropdown and returns focus to the bell', async () => {
    const user = userEvent.setup();
    setup(inboxOf([notification({ isNew: false })]));
    const button = await bell('Inbox');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('list', { name: 'Recent notifications' })).getByRole('button')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes its event stream when unmounted', async () => {
    const { unmount } = setup(inboxOf([]));
    await bell('Inbox');
    unmount();
    expect(FakeEventSource.instances.every((s) => s.closed)).toBe(true);
  });
});
