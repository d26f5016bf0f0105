import { isPhoneOnlyEmail } from '@portal/shared/auth';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  type ContactFormField,
  type ContactTopic,
  contactFormProblems,
} from '@portal/shared/contact';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useSendContactMessage } from '../api/send-contact-message';

type Fields = Record<ContactFormField, string> & { website: string };
const EMPTY: Fields = { name: '', email: '', topic: '', message: '', website: '' };
const FIELD_ORDER: ContactFormField[] = ['name', 'email', 'topic', 'message'];

const selectClassName =
  'h-10 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

function SentNotice({ email, onAnother }: { email: string; onAnother: () => void }) {
  const { t } = useTranslation('contact-form');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-lg border border-success/40 bg-success/10 p-6" role="status">
      <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
        <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
        {t('sent.title')}
      </h3>
      <p className="mt-2">{t('sent.next')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>{t('sent.confirmation', { email })}</li>
        <li>{t('sent.reply')}</li>
        <li>{t('sent.spam')}</li>
      </ul>
      <Button type="button" variant="outline" className="mt-4" onClick={onAnother}>
        {t('sent.another')}
      </Button>
    </div>
  );
}

/** The contact form: signed-in users start with their name and address filled in. */
export function ContactForm() {
  const { t } = useTranslation('contact-form');
  const { data: me } = useMe();
  const send = useSendContactMessage();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const prefilled = useRef(false);
  const ids = useId();
  const refs = useRef<Partial<Record<ContactFormField, HTMLElement | null>>>({});

  useEffect(() => {
    if (!me || prefilled.current) return;
    prefilled.current = true;
    const email = !me.user.email || isPhoneOnlyEmail(me.user.email) ? '' : me.user.email;
    setFields((current) => ({ ...current, name: current.name || me.user.name, email: current.email || email }));
  }, [me]);

  const problems = checked ? contactFormProblems(fields) : {};
  const errorOf = (field: ContactFormField) => {
    const problem = problems[field];
    if (!problem) return undefined;
    return t(`errors.${field}.${problem}`, field === 'topic' ? {} : { max: CONTACT_LIMITS[field] });
  };
  const bind = (field: keyof Fields) => ({
    value: fields[field],
    // An update of the current fields: fields filled in before the app took over the page report together.
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setFields((current) => ({ ...current, [field]: value }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = contactFormProblems(fields);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    send.mutate(
      {
        name: fields.name,
        email: fields.email,
        topic: fields.topic as ContactTopic,
        message: fields.message,
        ...(fields.website ? { website: fields.website } : {}),
      },
      {
        onSuccess: () => {
          setSentTo(fields.email.trim());
          setFields({ ...EMPTY, name: fields.name, email: fields.email });
          setChecked(false);
        },
      },
    );
  };

  const failure = send.error;
  const failureText =
    failure instanceof ApiError && failure.code === 'rate_limited'
      ? t('failed.tooMany', { minutes: Math.max(1, Math.ceil(Number(failure.reasons[0] ?? 3600) / 60)) })
      : failure
        ? t('failed.other')
        : null;

  const messageError = errorOf('message');
  const topicError = errorOf('topic');
  return (
    <section aria-labelledby="contact-form-title" className="mt-14">
      <h2 id="contact-form-title" className="text-xl font-semibold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-1 text-muted-foreground">{t('description')}</p>
      <div className="mt-4 rounded-lg border border-border bg-card p-6">
        {sentTo ? (
          <SentNotice
            email={sentTo}
            onAnother={() => {
              setSentTo(null);
              send.reset();
            }}
          />
        ) : (
          <form className="relative grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
            <FormField
              ref={(node) => {
                refs.current.name = node;
              }}
              label={t('name')}
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              required
              error={errorOf('name')}
              {...bind('name')}
            />
            <FormField
              ref={(node) => {
                refs.current.email = node;
              }}
              label={t('email')}
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              required
              error={errorOf('email')}
              {...bind('email')}
            />
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <Label htmlFor={`${ids}-topic`}>{t('topic')}</Label>
              <select
                ref={(node) => {
                  refs.current.topic = node;
                }}
                id={`${ids}-topic`}
                className={selectClassName}
                required
                aria-invalid={topicError ? true : undefined}
                aria-describedby={topicError ? `${ids}-topic-error` : undefined}
                {...bind('topic')}
              >
                <option value="">{t('chooseTopic')}</option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`topics.${topic}`)}
                  </option>
                ))}
              </select>
              {topicError ? (
                <p id={`${ids}-topic-error`} className="text-sm text-destructive">
                  {topicError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <Label htmlFor={`${ids}-message`}>{t('message')}</Label>
              <Textarea
                ref={(node) => {
                  refs.current.message = node;
                }}
                id={`${ids}-message`}
                rows={6}
                required
                aria-invalid={messageError ? true : undefined}
                aria-describedby={`${ids}-message-count${messageError ? ` ${ids}-message-error` : ''}`}
                {...bind('message')}
              />
              <p id={`${ids}-message-count`} className="text-xs text-muted-foreground">
                {t('count', { count: fields.message.length, max: CONTACT_LIMITS.message })}
              </p>
              {messageError ? (
                <p id={`${ids}-message-error`} className="text-sm text-destructive">
                  {messageError}
                </p>
              ) : null}
            </div>
            {/* A field only bots fill in: off screen, out of the tab order and hidden from assistive technology. */}
            <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
              <label htmlFor={`${ids}-website`}>{t('honeypot')}</label>
              <input id={`${ids}-website`} name="website" tabIndex={-1} autoComplete="off" {...bind('website')} />
            </div>
            <p className="text-xs text-muted-foreground sm:col-span-2">{t('privacyNote')}</p>
            <div aria-live="polite" className="sm:col-span-2">
              {failureText ? <Alert variant="destructive">{failureText}</Alert> : null}
            </div>
            <Button type="submit" className="justify-self-start" disabled={send.isPending}>
              {send.isPending ? t('sending') : t('send')}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
