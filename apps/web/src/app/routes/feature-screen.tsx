import {
  BarChart3,
  BookOpen,
  Bot,
  ClipboardList,
  FileUp,
  FlaskConical,
  Gauge,
  GraduationCap,
  Layers,
  Library,
  ListChecks,
  type LucideIcon,
  NotebookPen,
  Package,
  Radio,
  Shield,
  SlidersHorizontal,
  Sparkles,
  Target,
  Timer,
  Trophy,
  Users,
  WalletCards,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';

const SCREENS = {
  library: Library,
  courses: BookOpen,
  goals: Target,
  notes: NotebookPen,
  gamification: Trophy,
  analytics: BarChart3,
  aiCoach: Bot,
  flashcards: WalletCards,
  liveHub: Radio,
  course: GraduationCap,
  learningState: ListChecks,
  learningStateEmbed: ListChecks,
  study: Timer,
  admin: Shield,
  adminUsers: Users,
  adminCourses: GraduationCap,
  adminAnalytics: Gauge,
  adminModules: Layers,
  adminLessons: Layers,
  adminThresholds: SlidersHorizontal,
  adminBeta: Sparkles,
  scormStudio: FlaskConical,
  scormPackages: Package,
  scormAssignments: ClipboardList,
  scormUpload: FileUp,
} satisfies Record<string, LucideIcon>;

export type FeatureScreenKey = keyof typeof SCREENS;

/** A dashboard screen whose content is not available yet: its title, purpose and an honest empty state. */
export function FeatureScreen({ screen }: { screen: FeatureScreenKey }) {
  const { t } = useTranslation('dashboard');
  const embedded = screen === 'learningStateEmbed';
  return (
    <div className={embedded ? 'p-6' : undefined}>
      <PageHeader title={t(`screens.${screen}.title`)} description={t(`screens.${screen}.description`)} />
      <EmptyState
        icon={SCREENS[screen]}
        title={t(`screens.${screen}.emptyTitle`)}
        description={t(`screens.${screen}.emptyDescription`)}
        action={
          embedded ? undefined : (
            <Button variant="outline" asChild>
              <Link to="/dashboard/learner">{t('backToHome')}</Link>
            </Button>
          )
        }
      />
    </div>
  );
}
