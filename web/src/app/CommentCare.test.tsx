import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comment } from '../test/communityFixtures';
import { apiError, json, mockApi, renderApp } from '../test/mockApi';
import { sandra } from '../test/utils';
import { CommentsSection } from '../features/comments/CommentsSection';
import { commentParts } from './parts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PATH = '/api/lists/u2/list_1/comments';

function renderComments() {
  return renderApp(
    <Routes>
      <Route path="/list/:userId/:listId" element={<CommentsSection listUserId="u2" listId="list_1" parts={commentParts} />} />
    </Routes>,
    { route: '/list/u2/list_1' },
  );
}

describe('Reporting and blocking from a comment', () => {
  it('needs a reason, and words for Other; keeps them through an error; then the comment is gone for the reporter', async () => {
    let answer = (): Response => apiError(409, 'You have already reported this.', 'already_reported');
    const api = mockApi(
      {
        [`GET ${PATH}`]: json([comment({ id: 'c1', text: 'You are all wrong', userName: 'Troll', userId: 'u9' }), comment({ id: 'c2', text: 'Nice one' })]),
        'POST /api/reports': () => answer(),
      },
      { me: sandra },
    );
    const user = userEvent.setup();
    renderComments();
    const bad = await screen.findByRole('article', { name: 'Comment by Troll' });
    await user.click(within(bad).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' }); // its code loads on first use
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason for your report.');
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell us what is wrong.');
    expect(api.to('/api/reports', 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('What is wrong?'), 'Insults the list author');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this.');
    expect(within(dialog).getByLabelText('What is wrong?')).toHaveValue('Insults the list author');

    answer = () => new Response(null, { status: 204 });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText("Thanks — our moderators will take a look. You won't see this comment again.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('You are all wrong')).not.toBeInTheDocument();
    expect(screen.getByText('Nice one')).toBeInTheDocument();
    expect(api.to('/api/reports', 'POST').at(-1)?.body).toEqual({ targetType: 'comment', commentId: 'c1', reason: 'other', text: 'Insults the list author' });
  });

  it('blocks the author after a confirmation that says what it does', async () => {
    const api = mockApi(
      {
        [`GET ${PATH}`]: json([comment({ id: 'c1', text: 'Hello', userName: 'Troll', userId: 'u9' })]),
        'PUT /api/me/blocks/u9': () => new Response(null, { status: 204 }),
      },
      { me: sandra },
    );
    const user = userEvent.setup();
    renderComments();
    const c = await screen.findByRole('article', { name: 'Comment by Troll' });
    await user.click(await within(c).findByRole('button', { name: 'Block user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Troll?' });
    expect(dialog).toHaveTextContent("They won't be told.");
    await user.click(within(dialog).getByRole('button', { name: 'Block Troll' }));
    expect(await screen.findByText("You blocked Troll. You won't see their lists or comments.")).toBeInTheDocument();
    expect(api.to('/api/me/blocks/u9', 'PUT')).toHaveLength(1);
  });

  it('offers neither on your own comment, nor when signed out; marks a comment hidden by moderators', async () => {
    mockApi({ [`GET ${PATH}`]: json([comment({ id: 'c1', text: 'Mine', userName: 'Sandra', userId: sandra.id, hidden: true })]) }, { me: sandra });
    renderComments();
    const mine = await screen.findByRole('article', { name: 'Comment by Sandra' });
    expect(within(mine).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Block user' })).not.toBeInTheDocument();
    expect(within(mine).getByText('Hidden by moderators')).toBeInTheDocument();
  });
});
