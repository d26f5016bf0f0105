import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

type Me = { user: { id: string; name: string; email: string }; role: 'learner' } | null;

let sent: unknown[];

function serve({ me = null, answer }: { me?: Me; answer?: () => Response } = {}) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (path === '/api/me') return json({ me });
      if (path === '/api/contact' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer ? answer() : json({ status: 'received' });
      }
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string }) {
  if (values.name !== undefined) await user.type(screen.getByLabelText('Your name'), values.name);
  if (values.email !== undefined) await user.type(screen.getByLabelText('Your email address'), values.email);
  await user.selectOptions(screen.getByLabelText('Topic'), 'Courses and learning');
  await user.type(screen.getByLabelText('Your message'), 'Where do I find my certificate?');
}

describe('the contact form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains each field that is missing or wrong, moves focus to the first, and sends nothing', async () => {
    const user = userEvent.setup();
    serve();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText('Your email address')).toHaveAccessibleDescription(
      'Enter your email address so we can answer you.',
    );
    expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription('Choose the topic that fits best.');
    expect(screen.getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Write your message.')).toBeInTheDocument();

    await user.type(name, 'Ada');
    await user.type(screen.getByLabelText('Your email address'), 'ada@');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Your email address')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(sent).toEqual([]);
  });

  it('says when the message is too long', async () => {
    const user = userEvent.setup();
    serve();
    renderForm();
    const message = screen.getByLabelText('Your message');

    await user.click(message);
    await user.paste('x'.repeat(5001));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Keep your message under 5000 characters.')).toBeInTheDocument();
    expect(screen.getByText('5001 of 5000 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('fills in a signed-in user, sends the message and says what happens next', async () => {
    const user = userEvent.setup();
    serve({ me: { user: { id: 'u1', name: 'Lena Learner', email: 'lena@example.com' }, role: 'learner' } });
    renderForm();

    expect(await screen.findByDisplayValue('Lena Learner')).toBe(screen.getByLabelText('Your name'));
    expect(screen.getByLabelText('Your email address')).toHaveValue('lena@example.com');
    await fillIn(user, {});
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const notice = await screen.findByRole('status');
    expect(within(notice).getByRole('heading', { name: 'Thank you, your message is on its way' })).toHaveFocus();
    expect(notice).toHaveTextContent('We have sent a confirmation to lena@example.com.');
    expect(notice).toHaveTextContent('usually within two working days');
    expect(sent).toEqual([
      {
        name: 'Lena Learner',
        email: 'lena@example.com',
        topic: 'courses',
        message: 'Where do I find my certificate?',
      },
    ]);
  });

  it('keeps the honeypot out of reach of keyboards and screen readers', () => {
    serve();
    renderForm();

    const trap = screen.getByLabelText('Leave this field empty');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });

  it('tells a sender who wrote too often how long to wait, and keeps what they typed', async () => {
    const user = userEvent.setup();
    serve({
      answer: () =>
        new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many', reasons: ['1500'] } }), {
          status: 429,
        }),
    });
    renderForm();

    await fillIn(user, { name: 'Ada', email: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages in a short time. Please try again in 25 minutes.',
    );
    expect(screen.getByLabelText('Your message')).toHaveValue('Where do I find my certificate?');
  });
});
