import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mailboxQueryOptions } from '../api/get-mailbox';

/** On the embedded default (no SMTP) messages land in the dev mailbox; point there. */
export function DevMailboxHint() {
  const { t } = useTranslation('auth');
  const mailbox = useQuery({ ...mailboxQueryOptions(), retry: false });
  if (!mailbox.isSuccess) return null;
  return (
    <Link to="/dev/mailbox" className="inline-flex items-center gap-2 text-sm text-primary underline">
      <Inbox className="size-4" aria-hidden="true" />
      {t('openDevMailbox')}
    </Link>
  );
}
