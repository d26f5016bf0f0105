import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoteCardButton } from './make-card-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('"Make a card" on a note', () => {
  it('says a card was added the first time, and where the card already is after that', async () => {
    let made = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const created = !made;
        made = true;
        return new Response(JSON.stringify({ note: {}, deck: { name: 'From my notes' }, created }), { status: 200 });
      }),
    );
    const added = vi.spyOn(toast, 'success');
    const already = vi.spyOn(toast, 'info');
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NoteCardButton noteId="n1" />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Make a card' });
    await user.click(button);
    await vi.waitFor(() => expect(added).toHaveBeenCalledWith('Card added to “From my notes”.'));
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    await vi.waitFor(() => expect(already).toHaveBeenCalledWith('A card for this is already in “From my notes”.'));
    expect(added).toHaveBeenCalledOnce();
  });
});
