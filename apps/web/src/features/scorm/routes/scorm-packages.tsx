import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { PackageDetail, type PackageTab } from '../components/package-detail';
import { PackageList } from '../components/package-list';

/** /dashboard/scorm/packages, and with a package open: /{packageId}, /{packageId}/enrollments, /{packageId}/analytics. */
export function ScormPackages() {
  const { t } = useTranslation('scorm');
  const { packageId } = useParams();
  const { pathname } = useLocation();
  const tab: PackageTab = pathname.endsWith('/enrollments')
    ? 'enrollments'
    : pathname.endsWith('/analytics')
      ? 'analytics'
      : 'overview';
  return (
    <div>
      <PageHeader
        title={t('packages.title')}
        description={t('packages.description')}
        actions={
          <Button asChild>
            <Link to="/dashboard/scorm/upload">
              <FileUp aria-hidden="true" />
              {t('list.upload')}
            </Link>
          </Button>
        }
      />
      {packageId ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
          <div className="hidden xl:block">
            <PackageList selectedId={packageId} />
          </div>
          <PackageDetail key={packageId} packageId={packageId} tab={tab} />
        </div>
      ) : (
        <PackageList />
      )}
    </div>
  );
}
