import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A delete that takes a while to answer, as a request does; `fail` makes it come back with an error. */
function DeleteRow({ onDelete, fail = false }: { onDelete: () => void; fail?: boolean }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      onOpenChange={() => undefined}
      title="Delete lesson?"
      description="It is removed for every learner."
      confirmLabel="Delete"
      pending={pending}
      error={error}
      onConfirm={() => {
        onDelete();
        // The busy state shows only on a later turn, as a query library's does.
        setTimeout(() => setPending(true), 50);
        setTimeout(() => {
          setPending(false);
          if (fail) setError('It did not work.');
        }, 100);
      }}
    />
  );
}

describe('confirm dialog', () => {
  afterEach(cleanup);

  it('sends a double-clicked confirmation once', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<DeleteRow onDelete={onDelete} />);
    await user.dblClick(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('can be confirmed again once the first try has failed', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<DeleteRow onDelete={onDelete} fail />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('It did not work.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(2);
  });
});
