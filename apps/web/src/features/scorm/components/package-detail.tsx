import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useScormPackage } from '../api/get-scorm-package';
import { PackageAnalytics } from './package-analytics';
import { PackageEnrollments } from './package-enrollments';
import { PackageOverview } from './package-overview';
import { PackageStatusBadge } from './package-status-badge';

export type PackageTab = 'overview' | 'enrollments' | 'analytics';

/** One package: overview, enrolments and analytics, each with its own address. */
export function PackageDetail({ packageId, tab }: { packageId: string; tab: PackageTab }) {
  const { t } = useTranslation('scorm');
  const navigate = useNavigate();
  const detail = useScormPackage(packageId);
  if (detail.isPending) return <Spinner label={t('detail.loading')} className="justify-center py-10" />;
  if (detail.isError) {
    return <EmptyState icon={SearchX} title={t('detail.notFoundTitle')} description={t('detail.notFound')} />;
  }
  const base = `/dashboard/scorm/packages/${packageId}`;
  const pkg = detail.data.package;
  return (
    <section aria-labelledby="scorm-package-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="scorm-package-title" className="min-w-0 flex-1 break-words text-xl font-semibold">
          {pkg.title}
        </h2>
        <PackageStatusBadge status={pkg.status} />
      </div>
      {pkg.description ? <p className="text-muted-foreground">{pkg.description}</p> : null}
      <Tabs value={tab} onValueChange={(value) => void navigate(value === 'overview' ? base : `${base}/${value}`)}>
        <TabsList>
          <TabsTrigger value="overview">{t('detail.tabs.overview')}</TabsTrigger>
          <TabsTrigger value="enrollments">{t('detail.tabs.enrollments')}</TabsTrigger>
          <TabsTrigger value="analytics">{t('detail.tabs.analytics')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="mt-4">
          <PackageOverview key={pkg.updated_at} detail={detail.data} />
        </TabsContent>
        <TabsContent value="enrollments" className="mt-4">
          <PackageEnrollments packageId={packageId} ready={pkg.status === 'ready'} />
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <PackageAnalytics packageId={packageId} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
