import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, type Call } from '../../../test/mockApi';
import { catalogFixture, sandra } from '../../../test/utils';
import ModerationPage from '../ModerationPage';
import { season51 } from '../../../test/onairFixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const refusal = (field: string, message: string) => json({ error: { code: 'validation', field, message } }, 400);

describe('Seasons on air: Add a season', () => {
  it("shows the server's refusal beside its field, keeps what was typed, then sends the season and its cast", async () => {
    let added = false;
    const api = mockApi(
      {
        'GET /api/moderation/reports': json({ targets: [] }),
        'GET /api/catalog/seasons': () =>
          json(added ? { ...catalogFixture, seasons: [...catalogFixture.seasons, { id: 's51', franchise: 'US', number: 51, name: 'Survivor 51', logoUrl: '', contestants: [] }] } : catalogFixture),
        'POST /api/moderation/seasons': ({ body }: Call) => {
          if (!(body as { premiere: string }).premiere) return refusal('premiere', 'Give the premiere as a date, like 2027-02-24.');
          added = true;
          return json(season51(), 201);
        },
        'GET /api/seasons/s51/game': json(season51()),
      },
      { me: { ...sandra, isAdmin: true } },
    );
    const user = userEvent.setup();
    renderApp(<ModerationPage />, { route: '/moderation' });
    await user.click(await screen.findByRole('button', { name: 'Seasons on air' }));
    await user.click(await screen.findByRole('button', { name: 'Add a season' }));
    const form = screen.getByRole('form', { name: 'Add a season' });
    await waitFor(() => expect(within(form).getByLabelText('Franchise')).toHaveFocus());
    expect(within(form).getByLabelText('Franchise')).toHaveValue('US');
    expect(within(form).getByLabelText('Number')).toHaveValue(46);

    await user.type(within(form).getByLabelText('Season name'), 'Survivor 51');
    await user.type(within(form).getByLabelText('Country'), 'Fiji');
    const first = within(form).getByRole('group', { name: 'Castaway 1' });
    await user.click(within(first).getByRole('button', { name: 'Returning player…' }));
    const picker = screen.getByRole('dialog', { name: 'Returning player' });
    expect(within(picker).getByText('Type a name to find a castaway who played before.')).toBeInTheDocument();
    await user.type(within(picker).getByRole('searchbox', { name: 'Find a castaway by name' }), 'zzz');
    expect(within(picker).getByText('No castaway matches “zzz”.')).toBeInTheDocument();
    await user.clear(within(picker).getByRole('searchbox'));
    await user.type(within(picker).getByRole('searchbox'), 'parv');
    await user.click(within(picker).getByRole('button', { name: /Parvati Shallow/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(first).getByText('Parvati Shallow')).toBeInTheDocument();
    expect(within(first).queryByLabelText('Occupation')).not.toBeInTheDocument();
    await user.type(within(first).getByLabelText('Tribe'), 'Luzon');
    const second = within(form).getByRole('group', { name: 'Castaway 2' });
    await user.type(within(second).getByLabelText('Name'), ' Jane Doe ');
    await user.type(within(second).getByLabelText('Tribe'), 'Tuku');
    await user.type(within(second).getByLabelText('Age'), '30');
    await user.type(within(second).getByLabelText('Occupation'), 'Nurse');
    await user.click(within(form).getByRole('button', { name: 'Add a castaway' }));
    const third = within(form).getByRole('group', { name: 'Castaway 3' });
    await waitFor(() => expect(within(third).getByLabelText('Name')).toHaveFocus());
    await user.click(within(third).getByRole('button', { name: 'Remove castaway 3' }));
    expect(within(form).queryByRole('group', { name: 'Castaway 3' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add the season' }));
    const premiere = within(form).getByLabelText('Premiere');
    expect(await within(form).findByText('Give the premiere as a date, like 2027-02-24.')).toHaveAttribute('id', `${premiere.id}-error`);
    expect(premiere).toHaveAttribute('aria-invalid', 'true');
    expect(premiere).toHaveAttribute('aria-describedby', `${premiere.id}-error`);
    await waitFor(() => expect(premiere).toHaveFocus());
    expect(within(second).getByLabelText('Name')).toHaveValue(' Jane Doe ');

    await user.type(premiere, '2027-02-24');
    await user.click(within(form).getByRole('button', { name: 'Add the season' }));
    expect(await screen.findByText('Survivor 51 is added. Record its boots as it airs.')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Survivor 51' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.to('/api/moderation/seasons', 'POST').at(-1)?.body).toEqual({
      franchise: 'US',
      number: 46,
      name: 'Survivor 51',
      country: 'Fiji',
      premiere: '2027-02-24',
      cast: [
        { contestantId: 'parvati-shallow', tribe: 'Luzon' },
        { name: 'Jane Doe', tribe: 'Tuku', age: 30, occupation: 'Nurse' },
      ],
    });
    // The catalog is read again past the browser's cache: the new season is there to pick.
    expect(screen.getByLabelText('Season')).toHaveValue('s51');
  });
});
