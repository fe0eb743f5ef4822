import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/mockApi';
import { catalogFixture, sandra } from '../../../test/utils';
import ModerationPage from '../ModerationPage';
import { ordinal, type BootInput } from './onairApi';
import { castaway, season51 } from '../../../test/onairFixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const catalog = { ...catalogFixture, seasons: [...catalogFixture.seasons, { id: 's51', franchise: 'US' as const, number: 51, name: 'Survivor 51', logoUrl: '', contestants: [] }] };

/** Survivor 51 with Jane Doe voted out first by Parvati's vote. */
const afterBoot = season51({
  cast: [...season51().cast.filter((c) => c.id !== 'jane-doe'), castaway('jane-doe', 'Jane Doe', 'Luzon', '1st voted out')],
  boots: [{ order: 1, castaway: 'jane-doe', episode: 1, day: 3, result: '1st voted out' }],
  councils: [{ order: 1, episode: 1, day: 3, tribe: 'Luzon', tribeStatus: 'Original', out: ['jane-doe'], votes: [{ round: 1, voter: 'parvati-shallow', target: 'jane-doe' }] }],
});

async function openSeason51(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/moderation/reports': json({ targets: [] }), 'GET /api/catalog/seasons': catalog, ...routes }, { me: { ...sandra, isAdmin: true } });
  const user = userEvent.setup();
  renderApp(<ModerationPage />, { route: '/moderation' });
  await user.click(await screen.findByRole('button', { name: 'Seasons on air' }));
  expect(await screen.findByText('Choose the season to record, or add the one that starts airing.')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Season'), 's51');
  await screen.findByRole('heading', { level: 2, name: 'Survivor 51' });
  return { api, user, form: screen.queryByRole('form', { name: 'Record a boot' }) as HTMLElement };
}

describe('Seasons on air: Record a boot', () => {
  it('asks who left, sends the boot with its votes, then offers the next one prefilled', async () => {
    let game = season51();
    const { api, user, form } = await openSeason51({
      'GET /api/seasons/s51/game': () => json(game),
      'POST /api/moderation/seasons/s51/boots': () => {
        game = afterBoot;
        return json(game, 201);
      },
    });
    expect(within(form).getByLabelText('Episode')).toHaveValue(1);
    expect(within(form).getByLabelText('How they left')).toHaveValue('1st voted out');
    expect(screen.getByText('No boot is recorded yet.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Day'), '3');
    await user.click(within(form).getByRole('button', { name: 'Record the boot' }));
    const whoLeft = within(form).getByLabelText('Who left');
    expect(within(form).getByText('Choose who left the game.')).toHaveAttribute('id', `${whoLeft.id}-error`);
    expect(whoLeft).toHaveFocus();
    expect(api.to('/api/moderation/seasons/s51/boots')).toHaveLength(0);

    await user.selectOptions(whoLeft, 'Jane Doe');
    await user.type(within(form).getByLabelText('Episode title'), 'The Tide Turns');
    const luzon = within(form).getByRole('group', { name: 'Luzon' });
    expect(within(within(luzon).getByLabelText('Parvati Shallow')).queryByRole('option', { name: 'Parvati Shallow' })).not.toBeInTheDocument();
    await user.selectOptions(within(luzon).getByLabelText('Parvati Shallow'), 'Jane Doe');
    await user.click(within(form).getByRole('button', { name: 'Record the boot' }));
    expect(await screen.findByText('Jane Doe is recorded: 1st voted out.')).toBeInTheDocument();
    expect(api.to('/api/moderation/seasons/s51/boots')[0]?.body).toEqual({
      episode: 1,
      episodeTitle: 'The Tide Turns',
      day: 3,
      castaway: 'jane-doe',
      result: '1st voted out',
      votes: [{ voter: 'parvati-shallow', target: 'jane-doe' }],
    } satisfies BootInput);

    const next = screen.getByRole('form', { name: 'Record a boot' });
    expect(within(next).getByLabelText('Episode')).toHaveValue(2);
    expect(within(next).getByLabelText('How they left')).toHaveValue('2nd voted out');
    expect(within(next).getByLabelText('Day')).toHaveValue(null);
    expect(within(within(next).getByLabelText('Who left')).queryByRole('option', { name: 'Jane Doe' })).not.toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Boot order' });
    expect(within(order).getByRole('listitem')).toHaveTextContent('Jane Doe · 1st voted out · Episode 1, day 3 · Votes: Jane Doe 1');
  });

  it("shows the server's refusal beside the field it names, keeping the choices made", async () => {
    const { user, form } = await openSeason51({
      'GET /api/seasons/s51/game': json(afterBoot),
      'POST /api/moderation/seasons/s51/boots': json({ error: { code: 'validation', field: 'day', message: 'Give the day of the boot, from 3 to 100.' } }, 400),
    });
    await user.type(within(form).getByLabelText('Day'), '2');
    await user.selectOptions(within(form).getByLabelText('Who left'), 'Bob Roe');
    await user.click(within(form).getByRole('button', { name: 'Record the boot' }));
    const day = within(form).getByLabelText('Day');
    expect(await within(form).findByText('Give the day of the boot, from 3 to 100.')).toHaveAttribute('id', `${day.id}-error`);
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveFocus();
    expect(within(form).getByLabelText('Who left')).toHaveValue('bob-roe');
  });

  it('undoes the last boot after a confirmation', async () => {
    let game = afterBoot;
    const { api, user } = await openSeason51({
      'GET /api/seasons/s51/game': () => json(game),
      'DELETE /api/moderation/seasons/s51/boots/last': () => {
        game = season51();
        return json(game);
      },
    });
    const order = screen.getByRole('region', { name: 'Boot order' });
    await user.click(within(order).getByRole('button', { name: 'Undo last boot' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo the last boot?' });
    expect(dialog).toHaveTextContent('Jane Doe goes back into the game, and the votes of that council are taken back.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to('/api/moderation/seasons/s51/boots/last')).toHaveLength(0);

    await user.click(within(order).getByRole('button', { name: 'Undo last boot' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo last boot' }));
    expect(await screen.findByText('Jane Doe is back in the game.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(order).getByText('No boot is recorded yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Record a boot' })).getByLabelText('How they left')).toHaveValue('1st voted out');
  });

  it('says a published season takes no records, and offers no undo', async () => {
    await openSeason51({ 'GET /api/seasons/s51/game': json({ ...afterBoot, winner: 'parvati-shallow' }) });
    expect(screen.getByText('Only a season added while it airs takes records: Survivor 51 is the game as published.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record a boot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo last boot' })).not.toBeInTheDocument();
  });

  it('says when the game failed to load, and reads it again on Try again', async () => {
    let fail = true;
    mockApi(
      {
        'GET /api/moderation/reports': json({ targets: [] }),
        'GET /api/catalog/seasons': catalog,
        'GET /api/seasons/s51/game': () => (fail ? json({ error: { code: 'internal', message: '' } }, 500) : json(season51())),
      },
      { me: { ...sandra, isAdmin: true } },
    );
    const user = userEvent.setup();
    renderApp(<ModerationPage />, { route: '/moderation' });
    await user.click(await screen.findByRole('button', { name: 'Seasons on air' }));
    await user.selectOptions(await screen.findByLabelText('Season'), 's51');
    expect(await screen.findByRole('alert')).toHaveTextContent("Failed to load this season's game. Please try again.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Record a boot' })).toBeInTheDocument();
    expect(screen.getByText('No boot is recorded yet.')).toBeInTheDocument();
  });
});

describe('ordinal', () => {
  it('words places as results do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });
});
