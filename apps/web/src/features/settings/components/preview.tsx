import { BookOpen, Flame, PartyPopper } from 'lucide-react';
import { type CSSProperties, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import {
  type DateFormat,
  type DisplayPreferences,
  formatDateAs,
  formatTimeAs,
  loadOpenDyslexic,
  preferenceStyles,
  type TimeFormat,
} from '@/lib/preferences';

/** A fixed moment, so the sample shows the formats rather than the clock. */
const SAMPLE_SESSION = new Date(Date.UTC(2025, 2, 14, 14, 30));

/**
 * A sample card drawn with pending accessibility settings. The formulas and attributes apply to this panel only;
 * comfort-mode extras are left out here directly, so the app's current mode never hides parts of the preview.
 */
export function AccessibilityPreview({
  preferences,
  timeFormat,
  dateFormat,
  dirty,
}: {
  preferences: DisplayPreferences;
  timeFormat: TimeFormat;
  dateFormat: DateFormat;
  dirty: boolean;
}) {
  const { t, i18n } = useTranslation('settings');
  const headingId = useId();
  const styles = preferenceStyles(preferences);
  useEffect(() => {
    if (preferences.font_family === 'OpenDyslexic') loadOpenDyslexic().catch(() => undefined);
  }, [preferences.font_family]);
  const panelStyle = {
    fontSize: styles.fontSize,
    lineHeight: styles.lineHeight,
    fontFamily: styles.fontFamily ?? 'var(--font-sans)',
    '--portal-line-height': styles.lineHeight,
  } as CSSProperties;
  const date = formatDateAs(SAMPLE_SESSION, dateFormat, 'UTC');
  const time = formatTimeAs(SAMPLE_SESSION, timeFormat, i18n.resolvedLanguage ?? 'en', 'UTC');

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('preview.title')}
        </h2>
        {dirty ? <Badge>{t('preview.unsaved')}</Badge> : null}
      </div>
      <p className="mb-4 text-sm text-muted-foreground">{t('preview.description')}</p>
      <div
        data-testid="accessibility-preview"
        data-contrast={styles.contrast}
        data-comfort={styles.comfort}
        style={panelStyle}
        className="overflow-hidden rounded-md bg-background p-[1em] text-foreground"
      >
        <article className="flex flex-col gap-[0.75em] rounded-[0.75em] border border-border bg-card p-[1.25em]">
          <p className="flex items-center gap-[0.5em] text-[0.75em] font-medium tracking-wide text-muted-foreground uppercase">
            <BookOpen className="size-[1.25em]" aria-hidden="true" />
            {t('preview.course')}
          </p>
          <h3 className="text-[1.25em] font-semibold">{t('preview.sampleTitle')}</h3>
          <p>{t('preview.sampleBody')}</p>
          <p className="text-[0.875em] text-muted-foreground">{t('preview.sampleNext', { date, time })}</p>
          {styles.comfort === 'focus' ? null : (
            <p className="inline-flex items-center gap-[0.4em] self-start rounded-full bg-accent px-[0.75em] py-[0.25em] text-[0.875em] font-medium text-primary">
              <Flame className="size-[1.1em]" aria-hidden="true" />
              {t('preview.sampleStreak')}
            </p>
          )}
          {styles.comfort === 'low-stimulus' ? null : (
            <p className="inline-flex items-center gap-[0.4em] self-start rounded-md border border-success/40 bg-success/10 px-[0.75em] py-[0.25em] text-[0.875em] font-medium">
              <PartyPopper className="size-[1.1em] text-success motion-safe:animate-bounce" aria-hidden="true" />
              {t('preview.sampleCelebration')}
            </p>
          )}
          <span className="self-start rounded-[0.5em] bg-primary px-[1em] py-[0.5em] text-[0.875em] font-medium text-primary-foreground">
            {t('preview.sampleAction')}
          </span>
        </article>
      </div>
    </section>
  );
}
