import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WelcomeDialog } from './welcome-dialog';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the welcome dialog', () => {
  it('greets a learner on their first visit only, and keeps that per learner', async () => {
    const user = userEvent.setup();
    const first = render(<WelcomeDialog userId="learner-1" />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Learning Portal!' });
    expect(dialog).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Let's start" }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('portal.welcome-seen.learner-1')).not.toBeNull();
    first.unmount();

    render(<WelcomeDialog userId="learner-1" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();

    render(<WelcomeDialog userId="learner-2" />);
    expect(await screen.findByRole('dialog', { name: 'Welcome to Learning Portal!' })).toBeVisible();
  });

  it('closes with Escape and counts as seen', async () => {
    const user = userEvent.setup();
    render(<WelcomeDialog userId="learner-3" />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('portal.welcome-seen.learner-3')).not.toBeNull();
  });
});
