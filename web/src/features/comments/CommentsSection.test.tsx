import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comment } from '../../test/communityFixtures';
import { apiError, json, mockApi, renderApp, type Call } from '../../test/mockApi';
import { sandra } from '../../test/utils';
import { stubIntersectionObserver } from '../../test/intersection';
import { CommentsSection } from './CommentsSection';
import { relativeTime } from '../../components/RelativeTime';
import type { Comment } from './commentsApi';
import { commentParts } from '../../app/parts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PATH = '/api/lists/u2/list_1/comments';

function renderComments(route = '/list/u2/list_1') {
  return renderApp(
    <Routes>
      <Route path="/list/:userId/:listId" element={<CommentsSection listUserId="u2" listId="list_1" parts={commentParts} />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { route },
  );
}

/** A tiny in-memory comments server. */
function commentsServer(initial: Comment[], me = sandra) {
  let thread = initial;
  let next = 100;
  return mockApi(
    {
      [`GET ${PATH}`]: () => json(thread),
      [`POST ${PATH}`]: ({ body }: Call) => {
        const { text, parentId } = body as { text: string; parentId?: string };
        const c = comment({ id: `c${next++}`, text, userId: me.id, userName: me.displayName, parentId: parentId ?? null, isReply: !!parentId, createdAt: new Date().toISOString() });
        thread = parentId ? thread.map((t) => (t.id === parentId ? { ...t, replies: [...(t.replies ?? []), c] } : t)) : [{ ...c, replies: [] }, ...thread];
        return json(c, 201);
      },
    },
    { me },
  );
}

describe('CommentsSection', () => {
  it('reads comments a page at a time: Load more follows the server cursor and stops on the last page', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: ({ url }: Call) => {
        if (url.searchParams.get('cursor') === 'page2') return json([comment({ id: 'c1', text: 'Oldest words' })]);
        const res = json([comment({ id: 'c2', text: 'Newest words' })]);
        res.headers.set('X-Next-Cursor', 'page2');
        return res;
      },
    });
    renderApp(
      <Routes>
        <Route path="/list/:userId/:listId" element={<CommentsSection listUserId="u2" listId="list_1" count={2} parts={commentParts} />} />
      </Routes>,
      { route: '/list/u2/list_1' },
    );
    expect(await screen.findByText('Newest words')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(screen.queryByText('Oldest words')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Oldest words')).toBeInTheDocument();
    expect(screen.getByText('Newest words')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    expect(api.to(PATH, 'GET').map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'page2']);
  });

  it('reads the thread only when the Discussion nears the screen, and at once for a linked comment', async () => {
    const screenEdge = stubIntersectionObserver();
    const api = mockApi({ [`GET ${PATH}`]: [comment({ id: 'c1', text: 'Far below the list' })] });
    const view = renderComments();
    expect(await screen.findByRole('list', { name: 'Loading comments' })).toBeInTheDocument();
    await waitFor(() => expect(screenEdge.observers.length).toBeGreaterThan(0));
    screenEdge.report(false);
    expect(api.to(PATH, 'GET')).toHaveLength(0);
    screenEdge.report(true);
    expect(await screen.findByText('Far below the list')).toBeInTheDocument();
    expect(api.to(PATH, 'GET')).toHaveLength(1);
    view.unmount();

    // A notification's link to a comment reads the thread without waiting.
    const linked = mockApi({ [`GET ${PATH}`]: [comment({ id: 'c1', text: 'Far below the list' })] });
    renderComments('/list/u2/list_1#comment-c1');
    expect(await screen.findByText('Far below the list')).toBeInTheDocument();
    expect(linked.to(PATH, 'GET')).toHaveLength(1);
  });

  it('shows the count, newest first, one level of replies, relative times and Anonymous', async () => {
    commentsServer([
      comment({ id: 'c2', text: 'Newest', replies: [comment({ id: 'r1', text: 'A reply', parentId: 'c2', isReply: true, userName: '' })] }),
      comment({ id: 'c1', text: 'Older', userName: 'Rob', createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString() }),
    ]);
    renderComments();
    expect(await screen.findByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'Comments' });
    const top = within(thread).getAllByRole('article').filter((a) => !a.closest('ol[aria-label^="Replies"]'));
    expect(top.map((a) => within(a).getByText(/Newest|Older/).textContent)).toEqual(['Newest', 'Older']);
    const replies = screen.getByRole('list', { name: 'Replies to Rob' });
    expect(within(replies).getByRole('article', { name: 'Comment by Anonymous' })).toHaveTextContent('A reply');
    const time = within(top[0]!).getByText('2 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
    expect(within(top[1]!).getByText('3 days ago')).toBeInTheDocument();
  });

  it('counts down the characters and keeps Post disabled until there is text', async () => {
    const user = userEvent.setup();
    commentsServer([]);
    renderComments();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    const post = screen.getByRole('button', { name: 'Post Comment' });
    expect(screen.getByText('500 characters remaining')).toBeInTheDocument();
    expect(post).toBeDisabled();
    await user.type(box, '   ');
    expect(post).toBeDisabled();
    expect(screen.getByText('497 characters remaining')).toBeInTheDocument();
    await user.type(box, '{Control>}{Enter}{/Control}');
    expect(screen.getByRole('alert')).toHaveTextContent('Comment cannot be empty.');
    await user.type(box, 'hi');
    expect(post).toBeEnabled();
    // Characters as the server counts them: an emoji is one, and the box stops at 500.
    await user.type(box, '🔥');
    expect(screen.getByText('494 characters remaining')).toBeInTheDocument();
    await user.clear(box);
    await user.click(box);
    await user.paste('🔥'.repeat(600));
    expect(Array.from((box as HTMLTextAreaElement).value)).toHaveLength(500);
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });

  it('posts the trimmed text and shows it first', async () => {
    const user = userEvent.setup();
    const server = commentsServer([comment({ id: 'c1', text: 'Older' })]);
    renderComments();
    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), '  Sandra is the queen  ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(server.to(PATH, 'POST')).toHaveLength(1));
    expect(server.to(PATH, 'POST')[0]!.body).toEqual({ text: 'Sandra is the queen' });
    expect(await screen.findByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    const first = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('article')[0]!;
    expect(first).toHaveTextContent('Sandra is the queen');
  });

  it('keeps the words typed in this tab, through a reload or a sign-in round trip, until they are posted', async () => {
    const user = userEvent.setup();
    commentsServer([]);
    const first = renderComments();
    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), 'Half a thought');
    first.unmount();

    renderComments();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(box).toHaveValue('Half a thought');
    await user.type(box, ', finished');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('castaway.text.'))).toEqual([]);
  });

  it('keeps the text and shows the server message when posting fails', async () => {
    const user = userEvent.setup();
    mockApi({ [`GET ${PATH}`]: [], [`POST ${PATH}`]: apiError(400, 'Comment cannot be empty.', 'validation') }, { me: sandra });
    renderComments();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'x');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Comment cannot be empty.');
    expect(box).toHaveValue('x');
  });

  it('shows the spec failure text when the network fails', async () => {
    const user = userEvent.setup();
    mockApi({ [`GET ${PATH}`]: [], [`POST ${PATH}`]: () => Promise.reject(new TypeError('offline')) }, { me: sandra });
    renderComments();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Still here');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add comment. Please try again.');
    expect(box).toHaveValue('Still here');
  });

  it('opens one reply form at a time and posts a reply under its comment', async () => {
    const user = userEvent.setup();
    const server = commentsServer([comment({ id: 'c2', userName: 'Rob' }), comment({ id: 'c1', userName: 'Amber' })]);
    renderComments();
    const [rob, amber] = (await screen.findAllByRole('button', { name: 'Reply' })) as [HTMLElement, HTMLElement];
    await user.click(rob);
    expect(screen.getByRole('textbox', { name: 'Reply to Rob' })).toHaveFocus();
    await user.click(amber);
    expect(screen.queryByRole('textbox', { name: 'Reply to Rob' })).not.toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Reply to Amber' });
    await user.type(box, ' Agreed ');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(server.to(PATH, 'POST')[0]?.body).toEqual({ text: 'Agreed', parentId: 'c1' }));
    const replies = await screen.findByRole('list', { name: 'Replies to Amber' });
    expect(replies).toHaveTextContent('Agreed');
    expect(screen.queryByRole('textbox', { name: 'Reply to Amber' })).not.toBeInTheDocument();
  });

  it('votes up, repeats to remove (value 0), and up and down exclude each other', async () => {
    const user = userEvent.setup();
    const server = mockApi(
      {
        [`GET ${PATH}`]: [comment({ id: 'c1', upvotes: 2, downvotes: 1, score: 1 })],
        'PUT /api/comments/c1/vote': ({ body }: Call) => {
          const value = (body as { value: 1 | -1 | 0 }).value;
          const up = 2 + (value === 1 ? 1 : 0);
          const down = 1 + (value === -1 ? 1 : 0);
          return json(comment({ id: 'c1', upvotes: up, downvotes: down, score: up - down, myVote: value }));
        },
      },
      { me: sandra },
    );
    renderComments();
    const up = await screen.findByRole('button', { name: 'Upvote' });
    const down = screen.getByRole('button', { name: 'Downvote' });
    const score = screen.getByLabelText(/^Score/);
    expect(score).toHaveTextContent('1');

    await user.click(up);
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    expect(score).toHaveTextContent('2');

    await user.click(down);
    await waitFor(() => expect(down).toHaveAttribute('aria-pressed', 'true'));
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(score).toHaveTextContent('0');

    await user.click(down);
    await waitFor(() => expect(down).toHaveAttribute('aria-pressed', 'false'));
    expect(score).toHaveTextContent('1');
    expect(server.to('/api/comments/c1/vote').map((c) => c.body)).toEqual([{ value: 1 }, { value: -1 }, { value: 0 }]);
  });

  it('undoes the vote and says so when it fails', async () => {
    const user = userEvent.setup();
    mockApi({ [`GET ${PATH}`]: [comment({ id: 'c1' })], 'PUT /api/comments/c1/vote': apiError(502, 'bad gateway') }, { me: sandra });
    renderComments();
    const up = await screen.findByRole('button', { name: 'Upvote' });
    await user.click(up);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process your vote. Please try again.');
    expect(up).toHaveAttribute('aria-pressed', 'false');
  });

  it('only the author sees Delete, which asks first', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    let thread = [comment({ id: 'mine', userId: sandra.id, userName: 'Sandra', text: 'My take' }), comment({ id: 'theirs', text: 'Their take' })];
    const server = mockApi(
      {
        [`GET ${PATH}`]: () => json(thread),
        'DELETE /api/comments/mine': () => {
          thread = thread.filter((c) => c.id !== 'mine');
          return json(null, 204);
        },
      },
      { me: sandra },
    );
    renderComments();
    const mine = await screen.findByRole('article', { name: 'Comment by Sandra' });
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    const del = within(mine).getByRole('button', { name: 'Delete' });
    await user.click(del);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this comment?');
    expect(server.to('/api/comments/mine')).toHaveLength(0);
    await user.click(del);
    await waitFor(() => expect(screen.queryByText('My take')).not.toBeInTheDocument());
    expect(server.to('/api/comments/mine', 'DELETE')).toHaveLength(1);
    expect(screen.getByText('Their take')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete", async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi(
      {
        [`GET ${PATH}`]: [comment({ id: 'mine', userId: sandra.id, userName: 'Sandra' })],
        'DELETE /api/comments/mine': apiError(403, 'You can only delete your own comments.', 'forbidden'),
      },
      { me: sandra },
    );
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only delete your own comments.');
  });

  it('signed out: no form, a sign-in link, and votes ask to sign in', async () => {
    const user = userEvent.setup();
    const server = mockApi({ [`GET ${PATH}`]: [comment({ id: 'c1' })] });
    renderComments();
    expect(await screen.findByText(/You must be signed in to comment/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Upvote' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must be signed in to vote on comments.');
    expect(server.to('/api/comments/c1/vote')).toHaveLength(0);
    await user.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('{"from":"/list/u2/list_1"}');
  });

  it('scrolls to and highlights the comment named in the URL hash', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    mockApi({ [`GET ${PATH}`]: [comment({ id: 'c1', replies: [comment({ id: 'r9', parentId: 'c1', isReply: true, userName: 'Amber' })] })] });
    renderComments('/list/u2/list_1#comment-r9');
    const target = await screen.findByRole('article', { name: 'Comment by Amber' });
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts[0]).toBe(target);
    expect(target).toHaveClass('highlighted');
    expect(target).toHaveFocus();
    fireEvent.blur(target);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  it.each([
    ['2024-06-01T11:59:30Z', 'just now'],
    ['2024-06-01T11:59:00Z', '1 minute ago'],
    ['2024-06-01T11:58:00Z', '2 minutes ago'],
    ['2024-06-01T09:00:00Z', '3 hours ago'],
    ['2024-05-31T12:00:00Z', '1 day ago'],
    ['2024-05-18T12:00:00Z', '2 weeks ago'],
    ['2023-05-01T12:00:00Z', '1 year ago'],
  ])('%s is %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
