import type { SsoProvider } from '@portal/shared/sso';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSaveSsoProvider } from '../api/save-sso-provider';
import { SsoProviderForm } from './sso-provider-form';

/** Every provider with its domains and state; edit, turn on or off, delete. */
export function SsoProviderTable({ providers }: { providers: SsoProvider[] }) {
  const { t } = useTranslation('admin-sso');
  const save = useSaveSsoProvider();
  const [editing, setEditing] = useState<SsoProvider | null>(null);
  const [deleting, setDeleting] = useState<SsoProvider | null>(null);
  const failed = () => toast.error(t('errors.other'));

  const toggle = (provider: SsoProvider) =>
    save.mutate(
      { kind: 'update', providerId: provider.id, changes: { enabled: !provider.enabled } },
      {
        onSuccess: () => toast.success(t(provider.enabled ? 'disabled' : 'enabled', { name: provider.name })),
        onError: failed,
      },
    );
  const remove = (provider: SsoProvider) =>
    save.mutate(
      { kind: 'delete', providerId: provider.id },
      {
        onSuccess: () => {
          toast.success(t('deleted', { name: provider.name }));
          setDeleting(null);
        },
        onError: failed,
      },
    );

  if (providers.length === 0) return <p className="text-muted-foreground">{t('empty')}</p>;
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('listTitle')}</caption>
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              {(['name', 'domains', 'issuer', 'defaultRole', 'state'] as const).map((column) => (
                <th key={column} scope="col" className="px-4 py-2 font-medium">
                  {t(`columns.${column}`)}
                </th>
              ))}
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {providers.map((provider) => (
              <tr key={provider.id} className="border-t border-border">
                <td className="px-4 py-2 font-medium">{provider.name}</td>
                <td className="px-4 py-2">{provider.domains.join(', ')}</td>
                <td className="break-all px-4 py-2 font-mono text-xs">{provider.issuer}</td>
                <td className="px-4 py-2">{t(`roles.${provider.default_role}`)}</td>
                <td className="px-4 py-2">
                  <Badge>{t(provider.enabled ? 'states.enabled' : 'states.disabled')}</Badge>
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-right">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(provider)}>
                    {t('edit', { name: provider.name })}
                  </Button>
                  <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => toggle(provider)}>
                    {t(provider.enabled ? 'disable' : 'enable', { name: provider.name })}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(provider)}>
                    {t('delete', { name: provider.name })}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent closeLabel={t('close')} className="max-w-2xl" aria-describedby={undefined}>
          <DialogTitle className="sr-only">{t('editTitle', { name: editing?.name ?? '' })}</DialogTitle>
          {editing ? <SsoProviderForm provider={editing} onSaved={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent closeLabel={t('close')}>
          <DialogTitle>{t('deleteTitle', { name: deleting?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('deleteDescription')}</DialogDescription>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button variant="destructive" disabled={save.isPending} onClick={() => deleting && remove(deleting)}>
              {t('confirmDelete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
