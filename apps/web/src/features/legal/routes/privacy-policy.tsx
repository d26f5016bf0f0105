import { LegalDocument, type LegalSection, list, paragraph, table } from '../components/legal-document';

const SECTIONS: readonly LegalSection[] = [
  { id: 'about-this-policy', key: 'about', blocks: [paragraph('p1'), paragraph('p2')] },
  {
    id: 'data-we-collect',
    key: 'dataWeCollect',
    blocks: [
      paragraph('intro'),
      list('items.account', 'items.profile', 'items.learning', 'items.subscription', 'items.consent', 'items.audit'),
    ],
  },
  {
    id: 'how-we-use-your-data',
    key: 'purposes',
    blocks: [
      paragraph('intro'),
      list('items.contract', 'items.legitimateInterest', 'items.consent', 'items.legalObligation'),
      paragraph('outro'),
    ],
  },
  { id: 'study-coach', key: 'studyCoach', blocks: [paragraph('p1'), paragraph('p2'), paragraph('p3')] },
  {
    id: 'cookies',
    key: 'cookies',
    blocks: [
      paragraph('intro'),
      table(
        'table',
        ['category', 'purpose', 'retention', 'activation'],
        ['essential', 'functional', 'analytics', 'marketing'],
      ),
      paragraph('consent'),
      paragraph('localStorage'),
    ],
  },
  {
    id: 'consent-records',
    key: 'consentRecords',
    blocks: [
      paragraph('intro'),
      list('items.type', 'items.status', 'items.times', 'items.basis', 'items.ipAddress', 'items.userAgent'),
      paragraph('why'),
    ],
  },
  {
    id: 'sharing',
    key: 'sharing',
    blocks: [
      paragraph('noSale'),
      paragraph('intro'),
      list('items.processors', 'items.staff', 'items.sharedPlan', 'items.law'),
    ],
  },
  {
    id: 'emails',
    key: 'emails',
    blocks: [
      paragraph('intro'),
      list('items.confirmation', 'items.passwordReset', 'items.notifications'),
      paragraph('outro'),
    ],
  },
  {
    id: 'retention',
    key: 'retention',
    blocks: [
      paragraph('intro'),
      list('items.account', 'items.deletion', 'items.consent', 'items.billing', 'items.cookies'),
    ],
  },
  {
    id: 'your-rights',
    key: 'rights',
    blocks: [
      paragraph('intro'),
      list(
        'items.access',
        'items.export',
        'items.rectification',
        'items.deletion',
        'items.restriction',
        'items.withdrawal',
        'items.complaint',
      ),
      paragraph('response'),
    ],
  },
  { id: 'security', key: 'security', blocks: [paragraph('p1'), paragraph('p2')] },
  { id: 'changes', key: 'changes', blocks: [paragraph('p1')] },
  { id: 'contact', key: 'contact', blocks: [paragraph('p1')] },
];

export function PrivacyPolicy() {
  return <LegalDocument documentKey="privacy" updated="2026-11-22" sections={SECTIONS} />;
}
