import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { WidgetBoundary } from './widget-boundary';

let broken = true;
function Chart() {
  if (broken) throw new Error('chart data out of shape');
  return <p>Study minutes chart</p>;
}

beforeEach(async () => {
  broken = true;
  // React reports the caught error on the console; the test looks at the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderScreen = () =>
  render(
    <main>
      <h1>Good morning, Lee</h1>
      <WidgetBoundary>
        <Chart />
      </WidgetBoundary>
      <p>Your stats</p>
    </main>,
  );

describe('a part of a screen that crashes', () => {
  it('leaves a Temporarily Unavailable card in its place while the rest of the screen stays', async () => {
    renderScreen();

    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent('Temporarily Unavailable');
    expect(card).toHaveTextContent('The rest of the page still works.');
    expect(screen.getByRole('heading', { name: 'Good morning, Lee' })).toBeInTheDocument();
    expect(screen.getByText('Your stats')).toBeInTheDocument();
  });

  it('comes back with Try Again once it renders again', async () => {
    renderScreen();
    await screen.findByRole('alert');

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByText('Study minutes chart')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks German and Chinese', async () => {
    await i18n.changeLanguage('de');
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vorübergehend nicht verfügbar');
    cleanup();
    await i18n.changeLanguage('zh');
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('暂时不可用');
  });
});
