import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api';
import { mailboxQueryOptions } from '../api/get-mailbox';

/** Where the dev mailbox is on (development without SMTP) messages land there; point there, even for those it will ask to sign in as an admin. */
export function DevMailboxHint() {
  const { t } = useTranslation('auth');
  const mailbox = useQuery({ ...mailboxQueryOptions(), retry: false });
  const locked = mailbox.error instanceof ApiError && (mailbox.error.status === 401 || mailbox.error.status === 403);
  if (!mailbox.isSuccess && !locked) return null;
  return (
    <Link to="/dev/mailbox" className="inline-flex items-center gap-2 text-sm text-primary underline">
      <Inbox className="size-4" aria-hidden="true" />
      {t('openDevMailbox')}
    </Link>
  );
}
