import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from '../page-header';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** A list whose rows open a dialog from plain buttons (no Radix trigger); "Delete" removes the row. */
function Rows() {
  const [rows, setRows] = useState(['first', 'second']);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <main id="main" tabIndex={-1}>
      {rows.map((row) => (
        <button key={row} type="button" onClick={() => setOpen(row)}>
          Open {row}
        </button>
      ))}
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        <DialogContent closeLabel="Close" aria-describedby={undefined}>
          <DialogTitle>About {open}</DialogTitle>
          <button
            type="button"
            onClick={() => {
              setRows((current) => current.filter((row) => row !== open));
              setOpen(null);
            }}
          >
            Delete
          </button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('dialog focus', () => {
  afterEach(cleanup);

  it('gives focus back to the button that opened it when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Open second' }));
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open second' })).toHaveFocus();
  });

  it('puts focus on the main region when the opening button is gone', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Open first' })).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('page title', () => {
  afterEach(cleanup);

  it('names the tab after the screen and gives the portal its name back when the screen closes', () => {
    const view = render(<PageHeader title="Goals" />);
    expect(document.title).toBe('Goals – Learning Portal');
    view.unmount();
    expect(document.title).toBe('Learning Portal');
  });
});
