import '@/lib/i18n';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { showBetaUpdateToast } from './show-beta-update-toast';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
});

describe('the live beta toast', () => {
  it('appears in the polite notification region, coloured by type, and goes away with Dismiss', async () => {
    render(<Toaster />);

    act(() => showBetaUpdateToast({ title: 'Maintenance tonight', message: 'Back by <b>6am</b>.', type: 'warning' }));

    const title = await screen.findByText('Maintenance tonight');
    const card = title.closest('[data-beta-type]') as HTMLElement;
    expect(card).toHaveAttribute('data-beta-type', 'warning');
    expect(within(card).getByText('Back by <b>6am</b>.')).toBeInTheDocument();
    expect(title.closest('[aria-live="polite"]')).not.toBeNull();

    // A plain click: the toast's swipe handling needs pointer capture, which the test DOM lacks.
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Maintenance tonight')).toBeNull());
  });

  it('shows an unknown type as info', async () => {
    render(<Toaster />);

    act(() => showBetaUpdateToast({ title: 'Note', message: 'Hello', type: 'other' }));

    const card = (await screen.findByText('Note')).closest('[data-beta-type]');
    expect(card).toHaveAttribute('data-beta-type', 'info');
  });
});
