import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endStartUp, resetStartUp, useLater, useShownCount } from './later';

function Items({ total }: { total: number }) {
  const shown = useShownCount(total, 2);
  return (
    <ul aria-label="items">
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>{i + 1}</li>
      ))}
    </ul>
  );
}

function Part() {
  return useLater() ? <p>part</p> : null;
}

const count = () => screen.queryAllByRole('listitem').length;

describe('start-up slices', () => {
  beforeEach(() => resetStartUp(true));

  it('renders the first items at once and the rest a slice at a time, without being asked', async () => {
    render(<Items total={7} />);
    expect(count()).toBe(2);
    await screen.findByText('4');
    expect(count()).toBe(4);
    await screen.findByText('7');
    expect(count()).toBe(7);
  });

  it('renders a later part in its turn, after the slices queued before it', async () => {
    render(
      <>
        <Items total={3} />
        <Part />
      </>,
    );
    expect(screen.queryByText('part')).toBeNull();
    await screen.findByText('part');
    expect(count()).toBe(3);
  });

  it('renders whatever waits at once when the app has started, and whole from then on', async () => {
    const { unmount } = render(
      <>
        <Items total={50} />
        <Part />
      </>,
    );
    expect(count()).toBe(2);
    await act(async () => endStartUp());
    expect(count()).toBe(50);
    expect(screen.getByText('part')).toBeInTheDocument();
    unmount();
    render(
      <>
        <Items total={50} />
        <Part />
      </>,
    );
    expect(count()).toBe(50);
    expect(screen.getByText('part')).toBeInTheDocument();
  });
});
