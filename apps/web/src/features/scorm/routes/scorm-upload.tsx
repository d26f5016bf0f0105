import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const ScormUploadForm = lazy(() =>
  import('../components/scorm-upload-form').then((module) => ({ default: module.ScormUploadForm })),
);

/** /dashboard/scorm/upload */
export function ScormUpload() {
  const { t } = useTranslation('scorm');
  return (
    <div>
      <PageHeader
        title={t('upload.title')}
        description={t('upload.subtitle')}
        actions={
          <Button variant="outline" asChild>
            <Link to="/dashboard/scorm/studio">
              <ArrowLeft aria-hidden="true" />
              {t('upload.back')}
            </Link>
          </Button>
        }
      />
      <Suspense fallback={<Spinner label={t('upload.loadingPage')} className="py-16" />}>
        <ScormUploadForm />
      </Suspense>
    </div>
  );
}
