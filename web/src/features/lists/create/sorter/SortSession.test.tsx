import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxQuestions } from '../../../../lib/sorter';
import type { PanelItem } from '../../../../lib/panelItem';
import { EMPTY_CREATOR, type CreatorState, type RankedItem } from '../creatorState';
import { SortSession, STOP_CONFIRM, replaceConfirm, type CreatorUpdate } from './SortSession';
import { startFrom, type SortProgress } from './sortProgress';

afterEach(() => {
  vi.restoreAllMocks();
});

const person = (name: string): PanelItem => ({
  id: name.toLowerCase(),
  name,
  imageUrl: `/media/contestants/s1/${name.toLowerCase()}`,
  isSeason: false,
  seasonId: 's1',
  seasonName: 'Survivor: Borneo',
});
// Entered out of order; the fan ranks by name.
const CAST = ['Rudy', 'Kelly', 'Sue', 'Richard', 'Gretchen'].map(person);
const ALPHABETICAL = ['Gretchen', 'Kelly', 'Richard', 'Rudy', 'Sue'];

/** The creator's state around the sorter, as the page holds it. */
function Creator({ progress, items = [] }: { progress: SortProgress; items?: RankedItem[] }) {
  const [state, setState] = useState<CreatorState>({ ...EMPTY_CREATOR, items, sorter: progress });
  const update: CreatorUpdate = (patch) => setState((s) => ({ ...s, ...(typeof patch === 'function' ? patch(s) : patch) }));
  return (
    <>
      {state.sorter ? <SortSession progress={state.sorter} state={state} update={update} /> : <p>Sorting stopped</p>}
      <p>{`Format: ${state.format}`}</p>
      {state.board.tiers.map((t) => (
        <p key={t.key}>{`${t.label}: ${t.items.map((i) => i.name).join(', ')}`}</p>
      ))}
      <ol aria-label="Ranked items">
        {state.items.map((i) => (
          <li key={i.id} title={i.note}>
            {i.name}
          </li>
        ))}
      </ol>
    </>
  );
}

const card = (side: 'Left' | 'Right') => document.querySelector<HTMLButtonElement>(`[aria-keyshortcuts="Arrow${side}"]`);
const cardNames = () => [card('Left'), card('Right')].map((b) => b?.querySelector('[class*="cardName"]')?.textContent ?? '');
const answered = () => Number(screen.getByRole('progressbar', { name: 'Sorting progress' }).getAttribute('aria-valuenow'));
const ranked = () => within(screen.getByRole('list', { name: 'Ranked items' })).queryAllByRole('listitem').map((li) => li.textContent);

/** Answers by name until the order is known, by click or by the arrow keys; returns how many questions it took. */
async function answerAlphabetically(user: ReturnType<typeof userEvent.setup>, by: 'click' | 'keys') {
  let asked = 0;
  while (!screen.queryByRole('heading', { name: 'Your order' })) {
    const [a, b] = cardNames();
    const left = (a ?? '') < (b ?? '');
    if (by === 'click') await user.click(card(left ? 'Left' : 'Right')!);
    else await user.keyboard(left ? '{ArrowLeft}' : '{ArrowRight}');
    asked++;
    expect(asked).toBeLessThanOrEqual(maxQuestions(CAST.length));
  }
  return asked;
}

describe('SortSession', () => {
  it('asks pairs until the order is known, counts down, and fills the ranking with it', async () => {
    const user = userEvent.setup();
    render(<Creator progress={startFrom(CAST)} />);
    expect(screen.getByRole('heading', { name: 'Who do you rank higher?' })).toHaveFocus();
    expect(screen.getByTestId('questions-left')).toHaveTextContent(`Up to ${maxQuestions(5)} questions left`);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    const asked = await answerAlphabetically(user, 'click');
    expect(screen.getByTestId('questions-left')).toHaveTextContent(`Done in ${asked} questions`);
    expect(within(screen.getByRole('list', { name: 'Sorted order' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(ALPHABETICAL);
    expect(screen.getByRole('heading', { name: 'Your order' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Use this ranking' }));
    expect(ranked()).toEqual(ALPHABETICAL);
    expect(screen.getByText('Sorting stopped')).toBeInTheDocument();
  });

  it('chooses with the arrow keys, undoes with Backspace, and announces each question', async () => {
    const user = userEvent.setup();
    render(<Creator progress={startFrom(CAST)} />);
    const first = cardNames();
    await user.keyboard('{ArrowRight}');
    expect(answered()).toBe(1);
    expect(screen.getByText(/^.+ or .+\? Up to \d+ questions left\.$/)).toHaveAttribute('aria-live', 'polite');
    await user.keyboard('{Backspace}');
    expect(answered()).toBe(0);
    expect(cardNames()).toEqual(first);
    // The Undo button left with the last answer; focus stayed in the sorter, so the keys still work.
    expect(screen.getByRole('heading', { name: 'Who do you rank higher?' })).toHaveFocus();

    await answerAlphabetically(user, 'keys');
    expect(within(screen.getByRole('list', { name: 'Sorted order' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(ALPHABETICAL);
    // Undo from the result goes back to the last question.
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('heading', { name: 'Who do you rank higher?' })).toHaveFocus();
  });

  it('proposes tiers by quantiles of the order, in the tiers the creator has', async () => {
    const user = userEvent.setup();
    render(<Creator progress={startFrom(CAST)} />);
    await answerAlphabetically(user, 'click');
    await user.click(screen.getByRole('button', { name: 'Propose tiers' }));
    expect(screen.getByText('Format: tiers')).toBeInTheDocument();
    // Five entries over the six default tiers: one a tier from the top, the last tier empty.
    expect(screen.getAllByText(/^[SABCDF]: /).map((p) => p.textContent)).toEqual(['S: Gretchen', 'A: Kelly', 'B: Richard', 'C: Rudy', 'D: Sue']);
    expect(screen.getByText('F:')).toBeInTheDocument();
    expect(ranked()).toEqual([]);
  });

  it('undo with the button returns exactly to the previous question', async () => {
    const user = userEvent.setup();
    render(<Creator progress={startFrom(CAST)} />);
    await user.click(card('Left')!);
    const second = cardNames();
    await user.click(card('Left')!);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(answered()).toBe(1);
    expect(cardNames()).toEqual(second);
  });

  it("keeps two entries 'too close to call' side by side", async () => {
    const user = userEvent.setup();
    render(<Creator progress={startFrom(CAST)} />);
    const tied = cardNames();
    await user.click(screen.getByRole('button', { name: 'Too close to call' }));
    await answerAlphabetically(user, 'click');
    const order = within(screen.getByRole('list', { name: 'Sorted order' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(Math.abs(order.indexOf(tied[0] ?? '') - order.indexOf(tied[1] ?? ''))).toBe(1);
    expect([...order].sort()).toEqual(ALPHABETICAL);
  });

  it('resumes where the answers left off', () => {
    const progress: SortProgress = { entries: CAST, answers: [{ a: 'rudy', b: 'kelly', winner: 'kelly' }] };
    render(<Creator progress={progress} />);
    expect(answered()).toBe(1);
    expect(cardNames()).not.toEqual(['Rudy', 'Kelly']);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('stops only when the fan confirms, and asks before the result drops entries from the list', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const listed: RankedItem = { ...person('Colleen'), note: 'kept?' };
    const rudy: RankedItem = { ...person('Rudy'), note: 'the note stays' };
    render(<Creator progress={startFrom(CAST)} items={[listed, rudy]} />);
    await user.click(card('Left')!);
    await user.click(screen.getByRole('button', { name: 'Stop sorting' }));
    expect(confirm).toHaveBeenCalledWith(STOP_CONFIRM);
    expect(answered()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await answerAlphabetically(user, 'click');
    await user.click(screen.getByRole('button', { name: 'Use this ranking' }));
    expect(confirm).toHaveBeenLastCalledWith(replaceConfirm(1));
    expect(ranked()).toEqual(['Colleen', 'Rudy']);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Use this ranking' }));
    expect(ranked()).toEqual(ALPHABETICAL);
    expect(screen.getByText('Rudy')).toHaveAttribute('title', 'the note stays');
    expect(screen.getByText('Rudy')).toHaveAttribute('title', 'the note stays');

    confirm.mockClear();
    render(<Creator progress={startFrom(CAST)} />);
    await user.click(screen.getAllByRole('button', { name: 'Stop sorting' })[0]!);
    expect(confirm).not.toHaveBeenCalled(); // nothing answered: nothing to lose
  });
});
