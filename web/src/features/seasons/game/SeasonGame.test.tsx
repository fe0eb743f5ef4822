import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogFixture, renderWithProviders } from '../../../test/utils';
import { mockListsServer } from '../../../test/listsServer';
import { au3Game } from '../../../test/gameFixtures';
import { SURVIVOR_DATA_URL } from '../../../components/GameCredit';
import { SeasonGame } from './SeasonGame';

afterEach(() => {
  vi.unstubAllGlobals();
});

const au3 = catalogFixture.seasons.find((s) => s.id === 'au3');

async function renderGame() {
  mockListsServer({ routes: { 'GET /api/seasons/au3/game': { status: 200, body: au3Game } } });
  const user = userEvent.setup();
  renderWithProviders(<SeasonGame seasonId="au3" season={au3} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the game…');
  await screen.findByRole('region', { name: 'Where and when' });
  return user;
}

/** Opens a closed section by its heading's button; returns the section. */
async function open(user: ReturnType<typeof userEvent.setup>, name: string) {
  const section = screen.getByRole('region', { name });
  const button = within(section).getByRole('button', { name: new RegExp(`^${name}`) });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  return section;
}

describe('SeasonGame', () => {
  it('opens with where and when: place, dates, viewers, the winner and the final vote', async () => {
    await renderGame();
    const facts = screen.getByRole('region', { name: 'Where and when' });
    const fact = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Location')).toHaveTextContent('Savusavu, Fiji');
    expect(fact('Aired')).toHaveTextContent('May 3, 2018 – Jun 21, 2018');
    expect(fact('Filmed')).toHaveTextContent('Jun 1, 2017 – Jul 20, 2017');
    expect(fact('Timeslot')).toHaveTextContent('Sundays at 7:30pm');
    expect(fact('Viewers')).toHaveTextContent('716K premiere · 862K finale · 672K mean');
    expect(within(fact('Winner') as HTMLElement).getByRole('link', { name: 'Shane Gould' })).toHaveAttribute('href', '/castaways/au-shane-gould');
    expect(fact('Winner')).toHaveTextContent('Final vote 1-0');
    expect(facts).toHaveTextContent('Tribe setup Champions against Contenders.');
  });

  it('shows the tribes in their colours, original then merged, each castaway linking to their page', async () => {
    await renderGame();
    const tribes = screen.getByRole('region', { name: 'Cast and tribes' });
    expect(within(tribes).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Original tribes Episode 1, day 3', 'Merged Episode 3, day 8']);
    const champions = within(tribes).getByRole('heading', { name: 'Champions Original' }).closest('li') as HTMLElement;
    expect(champions.style.getPropertyValue('--tribe')).toBe('#0000FF');
    expect(within(champions).getByRole('link', { name: 'Russell H.' })).toHaveAttribute('href', '/castaways/russell-hantz');
  });

  it('keeps long sections closed until asked, and lists the boot order in a table', async () => {
    const user = await renderGame();
    const boots = await open(user, 'Boot order');
    const table = within(boots).getByRole('table', { name: 'Boot order' });
    expect(within(boots).getByRole('region', { name: 'Boot order table' })).toHaveAttribute('tabindex', '0');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Castaway', 'Ep.', 'Day', 'Result']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Russell Hantz');
    expect(first).toHaveTextContent('1Russell Hantz251st voted out');
    await user.click(within(boots).getByRole('button', { name: /^Boot order/ }));
    expect(within(boots).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows every vote of a council grouped by target, with the tie, the revote, nullified votes and twists', async () => {
    const user = await renderGame();
    const councils = await open(user, 'Tribal councils');
    const council = within(councils).getByRole('article', { name: 'Tribal council, episode 2, day 5' });
    expect(within(council).getByRole('heading', { level: 3 })).toHaveTextContent('Episode 2 · Day 5 · Champions');
    expect(within(council).getByText('Out:').parentElement).toHaveTextContent('Russell Hantz');
    expect(within(council).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Tied vote', 'Revote']);
    const [tie, revote] = within(council).getAllByRole('list') as HTMLElement[];
    const groups = within(tie as HTMLElement).getAllByRole('listitem', { name: '' });
    expect(groups.map((g) => g.textContent)).toEqual([
      'Russell Hantz1 votefrom Shane ',
      'Shane Gould1 votefrom Russell H. ',
      'Shane Gould1 vote · nullifiedfrom Sharn ',
    ]);
    expect(revote).toHaveTextContent('Russell Hantz2 votesfrom Shane Sharn (Steal a vote: Extra vote)');
    expect(within(council).getByText('No vote:').parentElement).toHaveTextContent("No vote: Russell H. (Deadlock: Can't vote)");
    expect(within(council).getByText('Immune:').parentElement).toHaveTextContent('Immune: Shane (hidden)');
    expect(within(council).getAllByRole('link', { name: 'Sharn' })[0]).toHaveAttribute('title', 'Sharn Coombes');
  });

  it('tells each idol’s story, the jury’s votes per finalist, and the episodes', async () => {
    const user = await renderGame();
    const idols = await open(user, 'Idols and advantages');
    expect(within(idols).getByRole('heading', { name: 'Hidden Immunity Idol' })).toBeInTheDocument();
    const events = within(idols).getAllByRole('listitem').filter((li) => li.tagName === 'LI' && li.parentElement?.tagName === 'OL');
    expect(events.map((e) => e.textContent)).toEqual(['Found Shane Gould · Episode 1, day 2', 'Played Shane Gould · Episode 2, day 5 · worked, 1 vote nullified']);

    const jury = screen.getByRole('region', { name: "The jury's votes" });
    expect(within(jury).getByRole('button', { name: /^The jury's votes/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(jury).getByRole('list', { name: 'Jurors voting for Shane Gould' })).toHaveTextContent('Russell H.');
    expect(within(jury).queryByRole('list', { name: 'Jurors voting for Sharn Coombes' })).not.toBeInTheDocument();
    expect(jury).toHaveTextContent('Sharn CoombesRunner-up0 votes');

    const episodes = await open(user, 'Episodes');
    const rows = within(within(episodes).getByRole('table', { name: 'Episodes' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1Episode 1May 3, 2018716K8.53');
    expect(rows[2]).toHaveTextContent('2The DeadlockMay 4, 2018615K2');
  });

  it('credits survivoR at the foot of every section', async () => {
    await renderGame();
    const sections = screen.getAllByRole('region').filter((r) => r.tagName === 'SECTION');
    expect(sections).toHaveLength(7);
    for (const s of sections) {
      expect(within(s).getByRole('link', { name: 'survivoR' })).toHaveAttribute('href', SURVIVOR_DATA_URL);
      expect(within(s).getByRole('link', { name: 'licence' })).toHaveAttribute('href', '/licenses/survivor');
    }
  });
});
