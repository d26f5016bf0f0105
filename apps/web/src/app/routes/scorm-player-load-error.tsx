import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export function ScormPlayerLoadError() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-6">
      <div role="alert" className="max-w-md rounded-lg border border-border bg-card p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold">{t('scormPlayerError.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('scormPlayerError.description')}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('scormPlayerError.reload')}
        </Button>
      </div>
    </main>
  );
}
