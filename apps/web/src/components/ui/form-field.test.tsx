import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';

/** The password field as its own ref last received it. */
let passwordInput: HTMLInputElement | null = null;

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form>
      <FormField label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <FormField
        label="Password"
        type="password"
        ref={(input) => {
          passwordInput = input;
        }}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <output>{`${email}|${password}`}</output>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('FormField on a page served rendered', () => {
  it('hands text typed before the app took over the page to the form, and still passes its ref on', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignIn />);
    document.body.append(container);
    // Typed while the app's code was still loading.
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'tia@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'correct horse';

    await act(async () => {
      root = hydrateRoot(container, <SignIn />);
    });

    expect(screen.getByRole('status').textContent).toBe('tia@example.com|correct horse');
    expect(passwordInput).toBe(screen.getByLabelText('Password'));
    expect(screen.getByLabelText('Email')).toHaveValue('tia@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('correct horse');
  });

  it('leaves an untouched field empty', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignIn />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <SignIn />);
    });
    expect(screen.getByRole('status').textContent).toBe('|');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
