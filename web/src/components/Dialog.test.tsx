import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog labelledBy="t" onClose={() => setOpen(false)} initialFocus={closeRef}>
          <h2 id="t">Title</h2>
          <a href="#x">Link</a>
          <button ref={closeRef} type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('opens modal, takes focus, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('focuses its first control when not told what', () => {
    render(
      <Dialog labelledBy="t" onClose={() => {}}>
        <h2 id="t">Title</h2>
        <button type="button">First</button>
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('closes on a press on the backdrop, not inside it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('heading', { name: 'Title' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // A press on the backdrop lands on the <dialog> element itself.
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
