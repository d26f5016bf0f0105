import { ChevronDown, Clock, LifeBuoy, type LucideIcon, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '../components/contact-form';

const SUPPORT_EMAIL = 'support@learning-portal.example';
const PRIVACY_EMAIL = 'privacy@learning-portal.example';

const FAQ = ['password', 'language', 'cancel', 'accessibility'] as const;

const linkClassName = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

function TextLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className={linkClassName}>
      {children}
    </Link>
  );
}

// Tag names must not collide with HTML void elements (e.g. `link`), which the Trans parser treats as empty.
const RICH_TEXT_COMPONENTS = {
  resetLink: <TextLink to="/reset-password" />,
  settingsLink: <TextLink to="/dashboard/learner/settings" />,
  subscriptionLink: <TextLink to="/dashboard/subscription" />,
  privacyLink: <TextLink to="/privacy-policy" />,
};

function ContactChannel({
  icon: Icon,
  title,
  description,
  email,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  email: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-accent">
          <Icon className="size-5 text-primary" aria-hidden="true" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription className="text-base">{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto space-y-3">
        <a
          href={`mailto:${email}`}
          className="inline-flex items-center gap-2 break-all font-medium text-primary underline-offset-4 hover:underline"
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {email}
        </a>
        <div className="text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

export function Contact() {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:py-16">
      <PageHeader title={t('contact.title')} description={t('contact.description')} />

      <div className="grid gap-4 md:grid-cols-2">
        <ContactChannel
          icon={LifeBuoy}
          title={t('contact.support.title')}
          description={t('contact.support.description')}
          email={SUPPORT_EMAIL}
        >
          <p className="flex items-center gap-2">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            {t('contact.support.replyTime')}
          </p>
        </ContactChannel>
        <ContactChannel
          icon={ShieldCheck}
          title={t('contact.privacy.title')}
          description={t('contact.privacy.description')}
          email={PRIVACY_EMAIL}
        >
          <p>
            <Trans t={t} i18nKey="contact.privacy.selfService" components={RICH_TEXT_COMPONENTS} />
          </p>
        </ContactChannel>
      </div>

      <ContactForm />

      <section aria-labelledby="faq-title" className="mt-14">
        <h2 id="faq-title" className="text-xl font-semibold tracking-tight">
          {t('contact.faq.title')}
        </h2>
        <div className="mt-4 divide-y divide-border rounded-lg border border-border bg-card">
          {FAQ.map((item) => (
            <details key={item} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-medium [&::-webkit-details-marker]:hidden">
                {t(`contact.faq.items.${item}.question`)}
                <ChevronDown
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="mt-3 leading-relaxed text-muted-foreground">
                <Trans t={t} i18nKey={`contact.faq.items.${item}.answer`} components={RICH_TEXT_COMPONENTS} />
              </p>
            </details>
          ))}
        </div>
      </section>
    </section>
  );
}
