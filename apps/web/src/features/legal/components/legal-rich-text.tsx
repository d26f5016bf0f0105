import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const PRIVACY_EMAIL = 'privacy@learning-portal.example';
const LEGAL_EMAIL = 'legal@learning-portal.example';
const SUPPORT_EMAIL = 'support@learning-portal.example';

const linkClassName = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

function MailLink({ address, children }: { address: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${address}`} className={linkClassName}>
      {children ?? address}
    </a>
  );
}

function TextLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className={linkClassName}>
      {children}
    </Link>
  );
}

// Tag names must not collide with HTML void elements (e.g. `link`), which the Trans parser treats as empty.
const RICH_TEXT_COMPONENTS = {
  strong: <strong className="font-semibold text-foreground" />,
  privacyMail: <MailLink address={PRIVACY_EMAIL} />,
  legalMail: <MailLink address={LEGAL_EMAIL} />,
  supportMail: <MailLink address={SUPPORT_EMAIL} />,
  settingsLink: <TextLink to="/dashboard/learner/settings" />,
  subscriptionLink: <TextLink to="/dashboard/subscription" />,
  plansLink: <TextLink to="/choose-plan" />,
  privacyLink: <TextLink to="/privacy-policy" />,
  termsLink: <TextLink to="/terms-of-service" />,
  contactLink: <TextLink to="/contact" />,
};

/** A `legal` translation that may contain <strong>, mail tags and in-app links. */
export function LegalRichText({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation('legal');
  return <Trans t={t} i18nKey={i18nKey} components={RICH_TEXT_COMPONENTS} />;
}
