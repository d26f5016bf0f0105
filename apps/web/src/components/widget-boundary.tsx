import { CloudOff } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** The card a crashed part of a screen leaves in its place; Try Again renders that part anew. */
function UnavailableCard({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card role="alert" className="border-dashed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CloudOff className="size-5 text-muted-foreground" aria-hidden="true" />
          {t('widgetUnavailable.title')}
        </CardTitle>
        <CardDescription>{t('widgetUnavailable.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('widgetUnavailable.tryAgain')}
        </Button>
      </CardFooter>
    </Card>
  );
}

// Its texts load only when a part crashes, so the card waits for them on its own, leaving the rest of the screen be.
function WidgetUnavailable({ resetErrorBoundary }: FallbackProps) {
  return (
    <Suspense fallback={null}>
      <UnavailableCard onRetry={resetErrorBoundary} />
    </Suspense>
  );
}

/**
 * One part of a screen (a chart, a list, a panel) whose crash shows a 'Temporarily Unavailable' card in its place,
 * while the rest of the screen keeps working. A change of `resetKeys` (new data) tries the part again.
 */
export function WidgetBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: unknown[] }) {
  return (
    <ErrorBoundary FallbackComponent={WidgetUnavailable} resetKeys={resetKeys}>
      {children}
    </ErrorBoundary>
  );
}
