import { STUDY_MODES, type StudyMode } from '@portal/shared/study';
import { BookOpenCheck, Layers, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

export const MODE_ICONS = { focus: Timer, review: Layers, practice: BookOpenCheck } as const satisfies Record<
  StudyMode,
  typeof Timer
>;

/** Links between the three study modes; the current one is marked for screen readers too. */
export function StudyModeNav() {
  const { t } = useTranslation('study');
  return (
    <nav aria-label={t('modes.label')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {STUDY_MODES.map((mode) => {
          const Icon = MODE_ICONS[mode];
          return (
            <li key={mode}>
              <NavLink
                to={`/dashboard/learner/study/${mode}`}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-10 items-center gap-2 rounded-md border border-border px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    isActive ? 'border-primary bg-accent text-foreground' : 'bg-card hover:bg-muted',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(`modes.${mode}.label`)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
