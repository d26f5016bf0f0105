import type { ScormPackageDetail } from '@portal/shared/scorm';
import { Eye, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useDeleteScormPackage } from '../api/delete-scorm-package';
import { useUpdateScormPackage } from '../api/update-scorm-package';
import { failureText, formatDate } from './format';
import { ScoTree } from './sco-tree';

/** Facts, settings and the SCO tree of one package. */
export function PackageOverview({ detail }: { detail: ScormPackageDetail }) {
  const { t, i18n } = useTranslation('scorm');
  const pkg = detail.package;
  const organization =
    detail.organizations.find((candidate) => candidate.id === detail.default_organization_id) ??
    detail.organizations[0];

  return (
    <div className="flex flex-col gap-6">
      {pkg.status === 'failed' ? (
        <Alert variant="destructive">
          <strong>{t('detail.failedTitle')}</strong> {failureText(pkg, t, i18n.language)}
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.factsTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label={t('detail.version')} value={pkg.version ? t(`versions.${pkg.version}`) : '—'} />
            <Fact label={t('detail.file')} value={pkg.metadata.originalFileName} />
            <Fact
              label={t('detail.size')}
              value={t('upload.sizeMb', { size: (pkg.metadata.fileSize / 1048576).toFixed(2) })}
            />
            <Fact label={t('detail.uploaded')} value={formatDate(pkg.metadata.uploadedAt, i18n.language)} />
            <Fact label={t('detail.owner')} value={pkg.created_by_name ?? '—'} />
            <Fact label={t('detail.scos')} value={String(pkg.sco_count)} />
          </dl>
          {pkg.status === 'ready' ? (
            <Button className="mt-4" variant="outline" asChild>
              <Link to={`/scorm/preview/${pkg.id}`}>
                <Eye aria-hidden="true" />
                {t('detail.preview')}
              </Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <SettingsCard detail={detail} />
      {organization ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.treeTitle')}</CardTitle>
            <CardDescription>{organization.title}</CardDescription>
          </CardHeader>
          <CardContent>
            <ScoTree organization={organization} scos={detail.scos} />
          </CardContent>
        </Card>
      ) : null}
      <DeleteCard packageId={pkg.id} title={pkg.title} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">{value}</dd>
    </div>
  );
}

function SettingsCard({ detail }: { detail: ScormPackageDetail }) {
  const { t } = useTranslation('scorm');
  const pkg = detail.package;
  const [title, setTitle] = useState(pkg.title);
  const [description, setDescription] = useState(pkg.description ?? '');
  const [isPublic, setIsPublic] = useState(pkg.is_public);
  const update = useUpdateScormPackage();
  const titleId = useId();
  const descriptionId = useId();
  const publicId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        packageId: pkg.id,
        changes: { title: title.trim(), description: description.trim() || null, is_public: isPublic },
      },
      {
        onSuccess: () => toast.success(t('detail.saved')),
        onError: () => toast.error(t('detail.saveFailed')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.settingsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={titleId}>{t('upload.titleLabel')}</Label>
            <Input
              id={titleId}
              value={title}
              required
              maxLength={200}
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={descriptionId}>{t('upload.descriptionLabel')}</Label>
            <Textarea
              id={descriptionId}
              value={description}
              maxLength={2000}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor={publicId}>{t('upload.publicLabel')}</Label>
              <p id={`${publicId}-hint`} className="text-sm text-muted-foreground">
                {t('upload.publicHint')}
              </p>
            </div>
            <Switch
              id={publicId}
              checked={isPublic}
              aria-describedby={`${publicId}-hint`}
              onCheckedChange={setIsPublic}
            />
          </div>
          <div>
            <Button type="submit" disabled={update.isPending || title.trim() === ''}>
              {update.isPending ? t('detail.saving') : t('detail.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function DeleteCard({ packageId, title }: { packageId: string; title: string }) {
  const { t } = useTranslation('scorm');
  const [open, setOpen] = useState(false);
  const remove = useDeleteScormPackage();
  const navigate = useNavigate();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('detail.deleteTitle')}</CardTitle>
        <CardDescription>{t('detail.deleteDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t('detail.delete')}
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent closeLabel={t('close')}>
            <DialogTitle>{t('detail.deleteConfirmTitle', { title })}</DialogTitle>
            <DialogDescription>{t('detail.deleteConfirm')}</DialogDescription>
            <div className="mt-4 flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">{t('cancel')}</Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(packageId, {
                    onSuccess: () => {
                      setOpen(false);
                      toast.success(t('detail.deleted', { title }));
                      void navigate('/dashboard/scorm/packages');
                    },
                    onError: () => toast.error(t('detail.deleteFailed')),
                  })
                }
              >
                {t('detail.deleteConfirmButton')}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
