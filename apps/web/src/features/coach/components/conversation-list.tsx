import type { Conversation } from '@portal/shared/coach';
import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';

/** The learner's conversations: open one, start a new one, delete one or all. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  onNew,
  onDelete,
  deleting,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
  onNew: () => void;
  onDelete: (conversationId: string | null) => Promise<unknown>;
  deleting: boolean;
}) {
  const { t, i18n } = useTranslation('coach');
  const [confirming, setConfirming] = useState<{ id: string | null; title: string } | null>(null);
  const titleOf = (conversation: Conversation) => conversation.title || t('conversations.untitled');
  const dateOf = (value: string) => formatInstant(value, i18n.language);
  return (
    <nav aria-labelledby="coach-conversations" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="coach-conversations" className="text-base font-semibold">
          {t('conversations.heading')}
        </h2>
        <Button size="sm" variant="outline" onClick={onNew}>
          <MessageSquarePlus aria-hidden="true" />
          {t('conversations.new')}
        </Button>
      </div>
      {conversations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('conversations.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {conversations.map((conversation) => (
            <li key={conversation.id} className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => onSelect(conversation.id)}
                aria-current={conversation.id === selectedId ? 'page' : undefined}
                className={cn(
                  'flex min-w-0 flex-1 flex-col rounded-md px-3 py-2 text-start text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  conversation.id === selectedId && 'bg-muted font-medium',
                )}
              >
                <span className="truncate">{titleOf(conversation)}</span>
                <span className="text-xs text-muted-foreground">{dateOf(conversation.updated_at)}</span>
              </button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('conversations.delete', { title: titleOf(conversation) })}
                onClick={() => setConfirming({ id: conversation.id, title: titleOf(conversation) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {conversations.length > 1 ? (
        <Button size="sm" variant="ghost" onClick={() => setConfirming({ id: null, title: '' })}>
          {t('conversations.deleteAll')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={confirming?.id ? t('conversations.confirmDeleteTitle') : t('conversations.confirmDeleteAllTitle')}
        description={
          confirming?.id
            ? t('conversations.confirmDelete', { title: confirming.title })
            : t('conversations.confirmDeleteAll')
        }
        confirmLabel={t('conversations.confirmLabel')}
        pending={deleting}
        onConfirm={() => {
          if (!confirming) return;
          void onDelete(confirming.id).then(() => setConfirming(null));
        }}
      />
    </nav>
  );
}
