import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockAuthServer, type Reply } from '../../test/authServer';
import { renderAuthApp } from '../../test/authRender';

const sandra = { id: 'u1', displayName: 'Sandra', email: 'sandra@example.com', idolsFound: 2, isAdmin: false, hasPassword: true, emailVerified: true, pendingEmail: '', notice: '', notifyFollowedLists: true, followingCount: 0 };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openEditor(routes: Record<string, Reply> = {}) {
  const server = mockAuthServer({ me: sandra, routes });
  const user = userEvent.setup();
  const utils = renderAuthApp('/mylists');
  await screen.findByRole('heading', { name: 'My Lists page' });
  const main = screen.getByRole('heading', { name: 'My Lists page' }).parentElement as HTMLElement;
  return { server, user, main, ...utils };
}

describe('UsernameEditor', () => {
  it('shows the current name and Change Username', async () => {
    const { main } = await openEditor();
    expect(within(main).getByText('Sandra')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Change Username' })).toBeInTheDocument();
    expect(within(main).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('edit, Enter saves: the new name shows at once, also in the header, with a 3 s success message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server, main } = await openEditor();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(within(main).getByRole('button', { name: 'Change Username' }));
    const input = within(main).getByRole('textbox', { name: 'Username' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Sandra');
    expect(input).toHaveAttribute('maxLength', '30');
    await user.clear(input);
    await user.type(input, '  Queen Sandra {Enter}');
    expect(await within(main).findByText('Username updated successfully!')).toBeInTheDocument();
    expect(server.sent('PATCH', '/api/me')).toEqual([{ displayName: 'Queen Sandra' }]);
    expect(within(main).getByText('Queen Sandra')).toBeInTheDocument();
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, Queen Sandra');
    expect(within(main).getByRole('button', { name: 'Change Username' })).toHaveFocus();
    act(() => {
      vi.advanceTimersByTime(3100);
    });
    expect(within(main).queryByText('Username updated successfully!')).not.toBeInTheDocument();
  });

  it('Escape and Cancel leave the name unchanged', async () => {
    const { server, user, main } = await openEditor();
    await user.click(within(main).getByRole('button', { name: 'Change Username' }));
    await user.type(within(main).getByRole('textbox', { name: 'Username' }), 'xyz{Escape}');
    expect(within(main).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(main).getByText('Sandra')).toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: 'Change Username' }));
    expect(within(main).getByRole('textbox', { name: 'Username' })).toHaveValue('Sandra');
    await user.click(within(main).getByRole('button', { name: 'Cancel' }));
    expect(within(main).getByRole('button', { name: 'Change Username' })).toHaveFocus();
    expect(server.count('PATCH', '/api/me')).toBe(0);
  });

  it("an empty name: 'Username cannot be empty'", async () => {
    const { server, user, main } = await openEditor();
    await user.click(within(main).getByRole('button', { name: 'Change Username' }));
    const input = within(main).getByRole('textbox', { name: 'Username' });
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(within(main).getByRole('button', { name: 'Save' }));
    expect(within(main).getByRole('alert')).toHaveTextContent('Username cannot be empty');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(server.count('PATCH', '/api/me')).toBe(0);
  });

  it.each<[string, Reply, string]>([
    [
      '409',
      apiError(409, 'username_taken', 'This username is already taken (case-insensitive match). Please choose another.'),
      'This username is already taken (case-insensitive match). Please choose another.',
    ],
    ['500', apiError(500, 'internal', 'boom'), 'Failed to update username. Please try again.'],
    ['a network failure', 'network', 'Failed to update username. Please try again.'],
  ])('failure %s keeps the edit open with what was typed', async (_, reply, message) => {
    const { user, main } = await openEditor({ 'PATCH /api/me': reply });
    await user.click(within(main).getByRole('button', { name: 'Change Username' }));
    const input = within(main).getByRole('textbox', { name: 'Username' });
    await user.clear(input);
    await user.type(input, 'rob');
    await user.click(within(main).getByRole('button', { name: 'Save' }));
    expect(await within(main).findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveValue('rob');
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, Sandra');
  });
});
