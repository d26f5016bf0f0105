import '@/lib/i18n';
import type { CoachMessage } from '@portal/shared/coach';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { MessageItem } from './message-item';

const message = (content: string, role: CoachMessage['role'] = 'assistant') => ({
  role,
  content,
  status: 'complete' as const,
  citations: [],
  proposals: [],
});

function show(content: string, role: CoachMessage['role'] = 'assistant') {
  render(
    <MemoryRouter>
      <ol>
        <MessageItem message={message(content, role)} language="en" />
      </ol>
    </MemoryRouter>,
  );
}

describe('a coach message', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows the answer’s bullets as a list and its quotes as a quotation, not as raw marks', () => {
    show(
      'Here is what I would study now:\n\n- Review your 2 due flashcards first.\n- Continue **Plant biology**.\n\n> Plants make sugar from light.',
    );
    const bullets = document.querySelector('ul') as HTMLElement;
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Review your 2 due flashcards first.', 'Continue Plant biology.']);
    expect(screen.getByText('Plant biology').tagName).toBe('STRONG');
    expect(document.querySelector('blockquote')?.textContent?.trim()).toBe('Plants make sugar from light.');
    expect(document.body.textContent).not.toContain('- Review');
  });

  it('shows HTML inside an answer as text: no script, image or link is made from it', () => {
    show(
      'Quoted from a lesson: <script>alert("x")</script> <img src=x onerror="alert(1)"> [click](javascript:alert(1))',
    );
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('a')).toBeNull();
    expect(screen.getByText(/<script>alert\("x"\)<\/script>/u)).toBeTruthy();
  });

  it('keeps the learner’s own message as typed', () => {
    show('- not a list\n**not bold**', 'user');
    expect(document.querySelector('ul, strong')).toBeNull();
    expect(screen.getByText(/- not a list/u).textContent).toBe('- not a list\n**not bold**');
  });
});
