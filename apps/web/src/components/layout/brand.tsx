import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The logo and name; `compactOnMobile` keeps only the logo on narrow screens (the name stays for screen readers). */
export function Brand({ to = '/', compactOnMobile = false }: { to?: string; compactOnMobile?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="flex items-center gap-2 font-semibold">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <GraduationCap className="size-5" aria-hidden="true" />
      </span>
      <span className={compactOnMobile ? 'sr-only sm:not-sr-only' : undefined}>{t('appName')}</span>
    </Link>
  );
}
