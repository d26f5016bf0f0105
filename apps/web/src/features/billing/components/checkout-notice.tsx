import type { LucideIcon } from 'lucide-react';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A full-page outcome around checkout: an icon, a heading, a sentence and one way on. */
export function CheckoutNotice({
  icon: Icon = CircleAlert,
  title,
  description,
  spin = false,
  children,
}: {
  icon?: LucideIcon;
  /** A turning icon for a state that is still changing (announced as a live status). */
  spin?: boolean;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center"
      {...(spin ? { role: 'status', 'aria-live': 'polite' as const } : {})}
    >
      <Icon className={cn('size-12 text-primary', spin && 'animate-spin')} aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{description}</p>
      {children ? (
        <Button asChild className="mt-8">
          {children}
        </Button>
      ) : null}
    </section>
  );
}
