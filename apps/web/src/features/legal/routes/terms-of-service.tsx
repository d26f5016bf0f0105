import { LegalDocument, type LegalSection, list, paragraph } from '../components/legal-document';

const SECTIONS: readonly LegalSection[] = [
  { id: 'about-these-terms', key: 'about', blocks: [paragraph('p1'), paragraph('p2')] },
  {
    id: 'accounts',
    key: 'accounts',
    blocks: [paragraph('intro'), list('items.accurate', 'items.password', 'items.personal'), paragraph('outro')],
  },
  {
    id: 'plans',
    key: 'plans',
    blocks: [paragraph('intro'), list('items.calm', 'items.me', 'items.us', 'items.universal'), paragraph('outro')],
  },
  { id: 'billing', key: 'billing', blocks: [paragraph('p1'), paragraph('p2'), paragraph('p3')] },
  { id: 'cancellation', key: 'cancellation', blocks: [paragraph('p1'), paragraph('p2'), paragraph('p3')] },
  {
    id: 'acceptable-use',
    key: 'acceptableUse',
    blocks: [
      paragraph('intro'),
      list('items.law', 'items.sharing', 'items.security', 'items.automation', 'items.malware', 'items.respect'),
      paragraph('outro'),
    ],
  },
  {
    id: 'instructor-content',
    key: 'instructorContent',
    blocks: [paragraph('p1'), paragraph('p2'), paragraph('p3')],
  },
  {
    id: 'intellectual-property',
    key: 'intellectualProperty',
    blocks: [paragraph('p1'), paragraph('p2'), paragraph('p3')],
  },
  { id: 'availability', key: 'availability', blocks: [paragraph('p1'), paragraph('p2')] },
  { id: 'liability', key: 'liability', blocks: [paragraph('p1'), paragraph('p2'), paragraph('p3')] },
  { id: 'ending-your-account', key: 'ending', blocks: [paragraph('p1'), paragraph('p2')] },
  { id: 'changes', key: 'changes', blocks: [paragraph('p1')] },
  { id: 'contact', key: 'contact', blocks: [paragraph('p1'), paragraph('p2')] },
];

export function TermsOfService() {
  return <LegalDocument documentKey="terms" updated="2026-11-22" sections={SECTIONS} />;
}
