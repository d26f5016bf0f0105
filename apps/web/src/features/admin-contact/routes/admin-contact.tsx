import { CONTACT_STATUSES, type ContactStatus, contactStatusSchema } from '@portal/shared/contact';
import { MailOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useContactInbox } from '../api/get-contact-inbox';
import { ContactMessageDetail } from '../components/contact-message-detail';
import { ContactMessageList } from '../components/contact-message-list';

/** Admins read what visitors sent through the contact form, answer by mail and close conversations. */
export function AdminContact() {
  const { t } = useTranslation('admin-contact');
  const [params, setParams] = useSearchParams();
  const status: ContactStatus = contactStatusSchema.catch('new').parse(params.get('status') ?? 'new');
  const selectedId = params.get('message');
  const counts = useContactInbox(status).data?.pages[0]?.counts;

  const navigate = (changes: { status?: ContactStatus; message?: string | null }) => {
    const next = new URLSearchParams(params);
    if (changes.status) next.set('status', changes.status);
    if (changes.message === null) next.delete('message');
    else if (changes.message) next.set('message', changes.message);
    setParams(next, { replace: changes.message === undefined });
  };

  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={status} onValueChange={(value) => navigate({ status: contactStatusSchema.parse(value) })}>
        <TabsList aria-label={t('tabsLabel')}>
          {CONTACT_STATUSES.map((option) => (
            <TabsTrigger key={option} value={option} className="gap-2">
              {t(`status.${option}`)}
              <span className="rounded-full bg-muted px-2 text-xs tabular-nums">{counts?.[option] ?? '–'}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {CONTACT_STATUSES.map((option) => (
            <TabsContent key={option} value={option} className="mt-0">
              <ContactMessageList
                status={option}
                selectedId={selectedId}
                onSelect={(id) => navigate({ message: id })}
              />
            </TabsContent>
          ))}
          <div>
            {selectedId ? (
              <ContactMessageDetail id={selectedId} />
            ) : (
              <EmptyState icon={MailOpen} title={t('pick.title')} description={t('pick.description')} />
            )}
          </div>
        </div>
      </Tabs>
    </div>
  );
}
