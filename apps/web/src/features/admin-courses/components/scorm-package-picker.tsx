import type { ScormPackage } from '@portal/shared/scorm';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useScormPackageChoices } from '../api/get-scorm-package-choices';

const STATUS_ORDER: Record<ScormPackage['status'], number> = { ready: 0, processing: 1, uploading: 2, failed: 3 };

/**
 * The packages to offer, ready ones first and by title; packages still on their way are listed but cannot be chosen,
 * and failed ones are left out unless the lesson already uses one.
 */
export function packagesToOffer(packages: ScormPackage[], currentId: string): ScormPackage[] {
  return packages
    .filter((pkg) => pkg.status !== 'failed' || pkg.id === currentId)
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }),
    );
}

function NewTabLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation('authoring');
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-h-8 items-center gap-1.5 self-start text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
      <ExternalLink className="size-4" aria-hidden="true" />
      <span className="sr-only">{t('lessons.form.scormPackage.newTab')}</span>
    </a>
  );
}

/** Chooses the SCORM package a lesson embeds, by typing part of its title or with the arrow keys. */
export function ScormPackagePicker({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (packageId: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('authoring');
  const id = useId();
  const packages = useScormPackageChoices();
  const label = t('lessons.form.scormPackage.label');

  if (packages.isPending) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{label}</span>
        <Spinner label={t('lessons.form.scormPackage.loading')} className="text-sm" />
      </div>
    );
  }
  if (packages.isError) {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">{label}</span>
        <Alert variant="destructive">{t('lessons.form.scormPackage.loadFailed')}</Alert>
        <Button variant="outline" size="sm" className="self-start" onClick={() => packages.refetch()}>
          {t('lessons.form.scormPackage.retry')}
        </Button>
      </div>
    );
  }

  const offered = packagesToOffer(packages.data, value);
  const chosen = packages.data.find((pkg) => pkg.id === value);
  const readyCount = offered.filter((pkg) => pkg.status === 'ready').length;
  const uploadLink = <NewTabLink href="/dashboard/scorm/upload">{t('lessons.form.scormPackage.upload')}</NewTabLink>;

  if (readyCount === 0 && !value) {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">{label}</span>
        <Alert variant={invalid ? 'destructive' : 'info'}>{t('lessons.form.scormPackage.none')}</Alert>
        {uploadLink}
      </div>
    );
  }

  const options: ComboboxOption[] = offered.map((pkg) => ({
    value: pkg.id,
    label: pkg.title,
    detail: t('lessons.form.scormPackage.detail', {
      version: pkg.version ? t(`scorm:versions.${pkg.version}`) : t('lessons.form.scormPackage.noVersion'),
      status: t(`scorm:status.${pkg.status}`),
    }),
    disabled: pkg.status !== 'ready',
  }));
  const problem = !value
    ? invalid
      ? t('lessons.form.scormPackage.required')
      : null
    : !chosen
      ? t('lessons.form.scormPackage.missing')
      : chosen.status !== 'ready'
        ? t('lessons.form.scormPackage.notReady', {
            title: chosen.title,
            status: t(`scorm:status.${chosen.status}`),
          })
        : null;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        options={options}
        value={value}
        onValueChange={onChange}
        listLabel={t('lessons.form.scormPackage.list')}
        placeholder={t('lessons.form.scormPackage.placeholder')}
        noMatchText={(query) => t('lessons.form.scormPackage.noMatch', { query })}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(problem)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('lessons.form.scormPackage.hint')}
      </p>
      {problem ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {chosen?.status === 'ready' ? (
        <NewTabLink href={`/scorm/preview/${chosen.id}`}>
          {t('lessons.form.scormPackage.preview', { title: chosen.title })}
        </NewTabLink>
      ) : null}
      {readyCount === 0 ? uploadLink : null}
    </div>
  );
}
