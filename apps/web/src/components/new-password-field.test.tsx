import '@/lib/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { NewPasswordField } from './new-password-field';

function Field({ email }: { email?: string }) {
  const [value, setValue] = useState('');
  return <NewPasswordField label="New password" value={value} onChange={setValue} context={{ email }} />;
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('choosing a new password', () => {
  it('says as the user types what still makes the password weak, by the server’s rule', async () => {
    const user = userEvent.setup();
    render(<Field email="ella@example.com" />);
    const input = screen.getByLabelText('New password');

    await user.type(input, 'short');
    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'password1234');
    expect(
      await screen.findByText('This is one of the most common passwords. Choose another one.'),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'ella@example.com');
    expect(await screen.findByText('Do not base it on your email address, name or phone number.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'lantern-otter-meadow-7');
    expect(await screen.findByText('Strong enough.')).toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('the live verdict is announced politely and tied to the field for screen readers', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('New password');
    await user.type(input, 'short');

    const verdict = (await screen.findByText('Use at least 10 characters.')).closest('[aria-live]');
    expect(verdict).toHaveAttribute('aria-live', 'polite');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(verdict?.id);
  });

  it('speaks the user’s language', async () => {
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('New password'), 'password1234');
    expect(
      await screen.findByText('Das ist eines der häufigsten Passwörter. Wählen Sie ein anderes.'),
    ).toBeInTheDocument();
  });
});
