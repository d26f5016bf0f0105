import {
  Award,
  BookOpen,
  CircleCheck,
  Crown,
  Flame,
  GraduationCap,
  Layers,
  type LucideIcon,
  NotebookPen,
  Package,
  Star,
  Target,
  Timer,
  Zap,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/** The pictures behind the icon names badges and achievements carry. */
const ICONS: Record<string, LucideIcon> = {
  'book-open': BookOpen,
  'check-circle': CircleCheck,
  crown: Crown,
  flame: Flame,
  'graduation-cap': GraduationCap,
  layers: Layers,
  'notebook-pen': NotebookPen,
  package: Package,
  star: Star,
  target: Target,
  timer: Timer,
  zap: Zap,
};

export function GamificationIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Award;
  return <Icon className={cn('size-5', className)} aria-hidden="true" />;
}
