import '@/lib/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { LaunchRefusalNotice, launchRefusalOf } from './launch-rules-notice';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('a launch the package’s rules refuse', () => {
  it('tells the learner that a lesson is locked until the lessons it builds on are finished', () => {
    const refusal = launchRefusalOf(new ApiError(403, 'lesson_locked', 'locked', ['prerequisites']));
    if (!refusal) throw new Error('not read as a refusal');
    render(<LaunchRefusalNotice refusal={refusal} />);
    expect(screen.getByRole('status')).toHaveTextContent('This lesson is still locked');
    expect(screen.getByText('Finish the lessons this one builds on to open it.')).toBeInTheDocument();
  });

  it('tells the learner how many attempts the activity allowed, in their language', async () => {
    const refusal = launchRefusalOf(new ApiError(409, 'conflict', 'limit', ['attempt_limit', '2']));
    expect(refusal).toEqual({ kind: 'attemptLimit', limit: 2 });
    if (!refusal) return;
    const { rerender } = render(<LaunchRefusalNotice refusal={refusal} />);
    expect(screen.getByText('This activity allows 2 attempts, and you have used all of them.')).toBeInTheDocument();
    await i18n.changeLanguage('de');
    rerender(<LaunchRefusalNotice refusal={refusal} />);
    expect(screen.getByText('Keine Versuche mehr')).toBeInTheDocument();
  });

  it('leaves other errors to the player', () => {
    expect(launchRefusalOf(new ApiError(409, 'conflict', 'moved on'))).toBeNull();
    expect(launchRefusalOf(new Error('network'))).toBeNull();
  });
});
