import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PackageList } from '../components/package-list';

/** /dashboard/scorm/assignments: pick a package to see and change who is enrolled. */
export function ScormAssignments() {
  const { t } = useTranslation('scorm');
  return (
    <div>
      <PageHeader title={t('assignments.title')} description={t('assignments.description')} />
      <PackageList linkSuffix="/enrollments" />
    </div>
  );
}
