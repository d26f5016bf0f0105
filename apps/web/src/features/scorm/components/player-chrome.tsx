import { ChevronLeft, ChevronRight, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A warning that this window is behind another one, with the Reload that catches up. */
export function ReloadNotice({ text }: { text: string }) {
  const { t } = useTranslation('scorm');
  return (
    <Alert variant="warning" className="m-3 flex flex-wrap items-center justify-between gap-3">
      <span>{text}</span>
      <Button size="sm" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        {t('player.reload')}
      </Button>
    </Alert>
  );
}

/** What the player says below the content: another window moved on, progress is being saved, the course ended. */
export function PlayerNotices({
  movedOn,
  leaving,
  ended,
  finished,
}: {
  movedOn: boolean;
  leaving: boolean;
  ended: boolean;
  finished: boolean;
}) {
  const { t } = useTranslation('scorm');
  return (
    <>
      {movedOn ? <ReloadNotice text={t('player.movedOn')} /> : null}
      {leaving ? (
        <p role="status" className="m-3 text-sm text-muted-foreground">
          {t('player.save.leaving')}
        </p>
      ) : null}
      {ended ? (
        <Alert variant="info" className="m-3">
          {finished ? t('player.finished') : t('player.ended')}
        </Alert>
      ) : null}
    </>
  );
}

/** The player's Previous and Continue, as the package's rules allow them; none while a navigation saves. */
export function PlayerFooter({
  navigation,
  disabled,
  onPrevious,
  onContinue,
}: {
  navigation: { showPrevious: boolean; showContinue: boolean; previousEnabled: boolean; continueEnabled: boolean };
  disabled: boolean;
  onPrevious: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation('scorm');
  if (!navigation.showPrevious && !navigation.showContinue) return null;
  return (
    <footer className="flex items-center justify-between gap-3 border-t border-border bg-card px-4 py-2">
      {navigation.showPrevious ? (
        <Button variant="outline" disabled={disabled || !navigation.previousEnabled} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
          {t('player.previous')}
        </Button>
      ) : (
        <span />
      )}
      {navigation.showContinue ? (
        <Button disabled={disabled || !navigation.continueEnabled} onClick={onContinue}>
          {t('player.continue')}
          <ChevronRight aria-hidden="true" />
        </Button>
      ) : null}
    </footer>
  );
}
