import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VoiceReader } from './voice-reader';

/** The browser's speech engine, which jsdom lacks. */
const speech = { speaking: false, speak() {}, cancel() {}, pause() {}, resume() {}, getVoices: () => [] };

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'speechSynthesis');
});

describe('the header voice reader', () => {
  it('opens its settings from the header button and gives focus back to it on Escape', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <VoiceReader />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Voice reader' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Voice reader' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveTextContent('Read this screen');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('is left out where the browser cannot speak', () => {
    Reflect.deleteProperty(window, 'speechSynthesis');
    render(
      <MemoryRouter>
        <VoiceReader />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Voice reader' })).not.toBeInTheDocument();
  });
});
