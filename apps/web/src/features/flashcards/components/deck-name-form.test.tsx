import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeckNameForm } from './deck-name-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (props: Parameters<typeof DeckNameForm>[0] = {}) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeckNameForm {...props} />
    </QueryClientProvider>,
  );

describe('naming a deck', () => {
  it('a name already taken is said beside the field, which keeps what was typed', async () => {
    const error = { code: 'conflict', message: 'Taken', reasons: ['deck_name_taken'] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error }), { status: 409 })),
    );
    const user = userEvent.setup();
    renderForm();
    const field = screen.getByLabelText('Name of a new deck');
    await user.type(field, 'Biology{Enter}');
    expect(await screen.findByText('You already have a deck named "Biology". Choose another name.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('Biology');
  });

  it('renaming starts in the name field, and Escape cancels it', async () => {
    const onCancel = vi.fn();
    renderForm({ deck: { id: 'd1', name: 'Biology' }, onCancel });
    const field = screen.getByRole('textbox');
    expect(document.activeElement).toBe(field);
    await userEvent.setup().keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
