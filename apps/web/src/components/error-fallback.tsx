import { AlertTriangle } from 'lucide-react';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** Shown when a component crashes: Try Again clears the error, Go to Dashboard leaves. */
export function ErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  const details = error instanceof Error ? error.message : String(error);
  return (
    <Card role="alert" className="mx-auto my-8 max-w-lg">
      <CardHeader>
        <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
        <CardTitle>{t('errorFallback.title')}</CardTitle>
        <CardDescription>{t('errorFallback.description')}</CardDescription>
      </CardHeader>
      {details ? (
        <CardContent>
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">{t('errorFallback.details')}</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-muted p-3 text-xs">{details}</pre>
          </details>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button onClick={resetErrorBoundary}>{t('errorFallback.tryAgain')}</Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard">{t('errorFallback.goToDashboard')}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
