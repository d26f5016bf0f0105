import type { ContactStatus } from '@portal/shared/contact';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDisplayFormats } from '@/lib/profile';
import { cn } from '@/lib/utils';
import { useContactInbox } from '../api/get-contact-inbox';

/** The messages of one status, newest first, a page at a time. */
export function ContactMessageList({
  status,
  selectedId,
  onSelect,
}: {
  status: ContactStatus;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('admin-contact');
  const { formatDate } = useDisplayFormats();
  const inbox = useContactInbox(status);
  if (inbox.isPending) return <Spinner label={t('loading')} />;
  if (inbox.isError) return <Alert variant="destructive">{t('loadFailed')}</Alert>;
  const messages = inbox.data.pages.flatMap((page) => page.messages);
  if (messages.length === 0) {
    return (
      <EmptyState icon={Inbox} title={t(`empty.${status}.title`)} description={t(`empty.${status}.description`)} />
    );
  }
  return (
    <div>
      <ul
        className="divide-y divide-border rounded-lg border border-border bg-card"
        aria-label={t(`listLabel.${status}`)}
      >
        {messages.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              onClick={() => onSelect(message.id)}
              aria-current={message.id === selectedId ? 'true' : undefined}
              className={cn(
                'flex w-full flex-col gap-1 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                message.id === selectedId && 'bg-accent',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{message.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatDate(new Date(message.created_at))}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge>{t(`topics.${message.topic}`)}</Badge>
                <span className="truncate text-xs text-muted-foreground">{message.email}</span>
              </span>
              <span className="line-clamp-2 text-sm text-muted-foreground">{message.preview}</span>
            </button>
          </li>
        ))}
      </ul>
      {inbox.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          className="mt-3"
          onClick={() => void inbox.fetchNextPage()}
          disabled={inbox.isFetchingNextPage}
        >
          {inbox.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
