import '@/lib/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Composer } from './composer';

/** A send the test settles itself: `settle(true)` when the question was taken, `settle(false)` when not. */
function pendingSend() {
  const sent: string[] = [];
  let settle: (taken: boolean) => void = () => {};
  const onSend = vi.fn(
    (text: string) =>
      new Promise<boolean>((resolve) => {
        sent.push(text);
        settle = resolve;
      }),
  );
  return { sent, onSend, settle: (taken: boolean) => settle(taken) };
}

const box = () => screen.getByLabelText('Your message') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('the coach’s message box', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('a question that was not taken comes back into the box to be sent again', async () => {
    const send = pendingSend();
    render(<Composer onSend={send.onSend} onStop={() => {}} streaming={false} disabledReason={null} />);
    await userEvent.type(box(), 'Why is the sky blue?{Enter}');
    expect(send.sent).toEqual(['Why is the sky blue?']);
    send.settle(false);
    await vi.waitFor(() => expect(box().value).toBe('Why is the sky blue?'));
  });

  it('a question that was taken leaves the box empty, and Enter does not send it twice meanwhile', async () => {
    const send = pendingSend();
    render(<Composer onSend={send.onSend} onStop={() => {}} streaming={false} disabledReason={null} />);
    await userEvent.type(box(), 'First{Enter}');
    await userEvent.type(box(), 'Second{Enter}');
    expect(send.sent).toEqual(['First']);
    send.settle(true);
    await vi.waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(box().value).toBe('Second');
  });

  it('what the learner started typing meanwhile is not replaced by a question that came back', async () => {
    const send = pendingSend();
    render(<Composer onSend={send.onSend} onStop={() => {}} streaming={false} disabledReason={null} />);
    await userEvent.type(box(), 'First{Enter}');
    await userEvent.type(box(), 'Better question');
    send.settle(false);
    await vi.waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(box().value).toBe('Better question');
  });

  it('when nothing can be sent, Send is disabled with the reason beside it and Enter keeps the text', async () => {
    const send = pendingSend();
    render(
      <Composer onSend={send.onSend} onStop={() => {}} streaming={false} disabledReason="No messages left today." />,
    );
    await userEvent.type(box(), 'Hello{Enter}');
    expect(send.sent).toEqual([]);
    expect(box().value).toBe('Hello');
    expect(sendButton().disabled).toBe(true);
    const reason = screen.getByText('No messages left today.');
    expect(box().getAttribute('aria-describedby')?.split(' ')).toContain(reason.id);
  });
});
