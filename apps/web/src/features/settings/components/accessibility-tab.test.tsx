import '@/lib/i18n';
import { PROFILE_DEFAULTS, type Profile } from '@portal/shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AccessibilityTab } from './accessibility-tab';

const profile: Profile = {
  ...PROFILE_DEFAULTS,
  learning_styles: [],
  id: 'user-1',
  full_name: 'Lena Learner',
  display_name: null,
  email: 'learner@example.com',
  bio: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
  // Radix measures its controls; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

function renderTab() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccessibilityTab profile={profile} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), preview: screen.getByTestId('accessibility-preview') };
}

describe('accessibility tab live preview', () => {
  it('shows pending text size, spacing and contrast in the preview only, before anything is saved', async () => {
    const { user, preview } = renderTab();
    expect(preview).toHaveStyle({ fontSize: '16px', lineHeight: '1.5' });
    expect(preview).toHaveAttribute('data-contrast', 'standard');

    act(() => screen.getByRole('slider', { name: 'Text size' }).focus());
    await user.keyboard('{End}');
    expect(screen.getByRole('slider', { name: 'Text size' })).toHaveAttribute('aria-valuetext', '5 of 5 – Large');
    act(() => screen.getByRole('slider', { name: 'Line spacing' }).focus());
    await user.keyboard('{Home}');
    await user.click(screen.getByRole('radio', { name: 'High' }));

    expect(preview).toHaveStyle({ fontSize: '20px', lineHeight: '1' });
    expect(preview).toHaveAttribute('data-contrast', 'high');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--portal-font-size')).toBe('');
    expect(document.documentElement).not.toHaveAttribute('data-contrast', 'high');
  });

  it('drops extras in Focus Mode and celebrations in Low-Stimulus', async () => {
    const { user, preview } = renderTab();
    expect(within(preview).getByText('5-day streak')).toBeInTheDocument();
    expect(within(preview).getByText('Lesson complete! +10 XP')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Focus Mode' }));
    expect(preview).toHaveAttribute('data-comfort', 'focus');
    expect(within(preview).queryByText('5-day streak')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Low-Stimulus' }));
    expect(preview).toHaveAttribute('data-comfort', 'low-stimulus');
    expect(within(preview).getByText('5-day streak')).toBeInTheDocument();
    expect(within(preview).queryByText('Lesson complete! +10 XP')).not.toBeInTheDocument();
  });

  it('shows sample times in the pending time and date formats', async () => {
    const { user, preview } = renderTab();
    expect(preview).toHaveTextContent('Next session: 03/14/2025, 2:30');
    await user.click(screen.getByRole('radio', { name: /24-hour/ }));
    await user.click(screen.getByRole('radio', { name: /ISO 8601/ }));
    expect(preview).toHaveTextContent('Next session: 2025-03-14, 14:30');
  });

  it('discards pending changes back to the saved profile', async () => {
    const { user, preview } = renderTab();
    act(() => screen.getByRole('slider', { name: 'Text size' }).focus());
    await user.keyboard('{ArrowLeft}');
    expect(preview).toHaveStyle({ fontSize: '14px' });
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(preview).toHaveStyle({ fontSize: '16px' });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });
});
