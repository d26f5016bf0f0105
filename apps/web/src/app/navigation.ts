import type { Role } from '@portal/shared/roles';
import {
  BarChart3,
  BookOpen,
  Bot,
  CalendarClock,
  ClipboardList,
  CreditCard,
  FileUp,
  FlaskConical,
  Gauge,
  GraduationCap,
  Home,
  Inbox,
  KeyRound,
  Layers,
  Library,
  type LucideIcon,
  NotebookPen,
  Package,
  Radio,
  ScrollText,
  Settings,
  Shield,
  SlidersHorizontal,
  Target,
  TicketPercent,
  Timer,
  Trophy,
  Users,
  WalletCards,
} from 'lucide-react';

export type NavItem = {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  end?: boolean;
  /** Every path under this one marks the item current, when the link opens one page of a larger area. */
  area?: string;
};
export type NavSection = { titleKey: string; roles?: readonly Role[]; items: NavItem[] };

export const NAV_SECTIONS: NavSection[] = [
  {
    titleKey: 'nav.sections.learn',
    items: [
      { to: '/dashboard/learner', labelKey: 'nav.home', icon: Home, end: true },
      { to: '/dashboard/learner/library', labelKey: 'nav.library', icon: Library },
      { to: '/dashboard/learner/courses', labelKey: 'nav.courses', icon: BookOpen },
      { to: '/dashboard/learner/goals', labelKey: 'nav.goals', icon: Target },
      { to: '/dashboard/learner/notes', labelKey: 'nav.notes', icon: NotebookPen },
      { to: '/dashboard/learner/flashcards', labelKey: 'nav.flashcards', icon: WalletCards },
      { to: '/dashboard/learner/study/focus', area: '/dashboard/learner/study', labelKey: 'nav.study', icon: Timer },
    ],
  },
  {
    titleKey: 'nav.sections.progress',
    items: [
      { to: '/dashboard/learner/gamification', labelKey: 'nav.gamification', icon: Trophy },
      { to: '/dashboard/learner/analytics', labelKey: 'nav.analytics', icon: BarChart3 },
      { to: '/dashboard/learner/ai-coach', labelKey: 'nav.aiCoach', icon: Bot },
      { to: '/dashboard/learner/live-hub', labelKey: 'nav.liveHub', icon: Radio },
    ],
  },
  {
    titleKey: 'nav.sections.scorm',
    roles: ['admin', 'instructor'],
    items: [
      { to: '/dashboard/scorm/studio', labelKey: 'nav.scormStudio', icon: FlaskConical },
      { to: '/dashboard/scorm/packages', labelKey: 'nav.scormPackages', icon: Package },
      { to: '/dashboard/scorm/assignments', labelKey: 'nav.scormAssignments', icon: ClipboardList },
      { to: '/dashboard/scorm/upload', labelKey: 'nav.scormUpload', icon: FileUp },
    ],
  },
  {
    titleKey: 'nav.sections.admin',
    roles: ['admin'],
    items: [
      { to: '/dashboard/admin', labelKey: 'nav.adminOverview', icon: Shield, end: true },
      { to: '/dashboard/admin/users', labelKey: 'nav.adminUsers', icon: Users },
      { to: '/dashboard/admin/courses', labelKey: 'nav.adminCourses', icon: GraduationCap },
      { to: '/dashboard/admin/modules', labelKey: 'nav.adminModules', icon: Layers },
      { to: '/dashboard/admin/analytics', labelKey: 'nav.adminAnalytics', icon: Gauge },
      { to: '/dashboard/admin/thresholds', labelKey: 'nav.adminThresholds', icon: SlidersHorizontal },
      { to: '/dashboard/admin/beta', labelKey: 'nav.adminBeta', icon: CalendarClock },
      { to: '/dashboard/admin/coupons', labelKey: 'nav.adminCoupons', icon: TicketPercent },
      { to: '/dashboard/admin/sso', labelKey: 'nav.adminSso', icon: KeyRound },
      { to: '/dashboard/admin/audit', labelKey: 'nav.adminAudit', icon: ScrollText },
      { to: '/dashboard/admin/contact', labelKey: 'nav.adminContact', icon: Inbox },
    ],
  },
  {
    titleKey: 'nav.sections.account',
    items: [
      { to: '/dashboard/subscription', labelKey: 'nav.subscription', icon: CreditCard },
      { to: '/dashboard/learner/settings', labelKey: 'nav.settings', icon: Settings },
    ],
  },
];

export function navSectionsFor(role: Role) {
  return NAV_SECTIONS.filter((section) => !section.roles || section.roles.includes(role));
}

/** True when `pathname` is the item's page, or (unless `end`) lies under its area or link. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const base = item.area ?? item.to;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === base || (!item.end && path.startsWith(`${base}/`));
}
