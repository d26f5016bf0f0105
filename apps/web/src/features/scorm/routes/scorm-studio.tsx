import { CheckCircle2, FileUp, Package, TriangleAlert, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useScormPackages } from '../api/get-scorm-packages';
import { PackageList } from '../components/package-list';

/** /dashboard/scorm/studio: figures over the packages one may manage, and the list. */
export function ScormStudio() {
  const { t } = useTranslation('scorm');
  const all = useScormPackages({});
  const packages = all.data ?? [];
  const figures = [
    { icon: Package, label: t('studio.packages'), value: packages.length },
    { icon: CheckCircle2, label: t('studio.ready'), value: packages.filter((pkg) => pkg.status === 'ready').length },
    { icon: TriangleAlert, label: t('studio.failed'), value: packages.filter((pkg) => pkg.status === 'failed').length },
    {
      icon: Users,
      label: t('studio.enrollments'),
      value: packages.reduce((sum, pkg) => sum + pkg.enrollment_count, 0),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('studio.title')}
        description={t('studio.description')}
        actions={
          <Button asChild>
            <Link to="/dashboard/scorm/upload">
              <FileUp aria-hidden="true" />
              {t('list.upload')}
            </Link>
          </Button>
        }
      />
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy={all.isPending}>
        {figures.map(({ icon: Icon, label, value }) => (
          <div key={label} className="rounded-lg border border-border bg-card p-4 shadow-sm">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="size-5 text-primary" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-semibold">{all.isPending ? '…' : value}</dd>
          </div>
        ))}
      </dl>
      <PackageList />
    </div>
  );
}
