import { TIERS } from '@portal/shared/tier-names';
import {
  Accessibility,
  ArrowRight,
  BookOpen,
  Bot,
  Flame,
  Languages,
  type LucideIcon,
  Radio,
  Target,
  Trophy,
  WalletCards,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const FEATURES = [
  { key: 'courses', icon: BookOpen },
  { key: 'goals', icon: Target },
  { key: 'flashcards', icon: WalletCards },
  { key: 'gamification', icon: Trophy },
  { key: 'coach', icon: Bot },
  { key: 'live', icon: Radio },
  { key: 'accessibility', icon: Accessibility },
  { key: 'languages', icon: Languages },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

const STEPS = ['signUp', 'pickPlan', 'startLearning'] as const;

const sectionContainer = 'mx-auto max-w-6xl px-4 sm:px-6';

/** An illustration of a learner's day; decorative, so it is hidden from assistive technology. */
function HeroPreview() {
  const { t } = useTranslation('landing');
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:mx-0 lg:justify-self-end">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-accent/70 blur-2xl" />
      <Card className="p-6">
        <div className="flex items-center justify-between">
          <p className="font-semibold">{t('preview.today')}</p>
          <Badge>{t('preview.example')}</Badge>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-md bg-muted p-3">
            <Flame className="size-5 text-warning" />
            <p className="mt-2 text-sm font-medium">{t('preview.streak')}</p>
          </div>
          <div className="rounded-md bg-muted p-3">
            <WalletCards className="size-5 text-primary" />
            <p className="mt-2 text-sm font-medium">{t('preview.flashcards')}</p>
          </div>
        </div>
        <div className="mt-5">
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-medium">{t('preview.level')}</span>
            <span className="text-muted-foreground tabular-nums">{t('preview.xp')}</span>
          </div>
          <div className="mt-2 h-2 rounded-full bg-muted">
            <div className="h-2 w-[16%] rounded-full bg-primary" />
          </div>
        </div>
        <div className="mt-5 rounded-md border border-border p-3">
          <p className="text-xs font-medium text-muted-foreground">{t('preview.nextLesson')}</p>
          <p className="mt-1 text-sm font-medium">{t('preview.lessonTitle')}</p>
        </div>
        <div className="mt-3 flex gap-3 rounded-md bg-accent p-3">
          <Bot className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <p className="text-xs font-medium text-primary">{t('preview.coach')}</p>
            <p className="mt-1 text-sm">{t('preview.coachMessage')}</p>
          </div>
        </div>
      </Card>
    </div>
  );
}

export function Landing() {
  const { t } = useTranslation('landing');
  return (
    <>
      <section aria-labelledby="landing-title" className="relative isolate overflow-hidden border-b border-border">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-accent),transparent_60%)]"
        />
        <div className={`${sectionContainer} grid items-center gap-14 py-16 md:py-24 lg:grid-cols-[1.15fr_1fr]`}>
          <div>
            <Badge>{t('hero.eyebrow')}</Badge>
            <h1 id="landing-title" className="mt-5 text-4xl font-semibold tracking-tight sm:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 text-xl leading-snug text-foreground/85 sm:text-2xl">{t('hero.promise')}</p>
            <p className="mt-5 max-w-xl leading-relaxed text-muted-foreground">{t('hero.description')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/login">
                  {t('hero.primaryCta')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/choose-plan">{t('hero.secondaryCta')}</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">{t('hero.note')}</p>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section aria-labelledby="features-title" className="py-16 md:py-24">
        <div className={sectionContainer}>
          <div className="max-w-2xl">
            <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
              {t('features.title')}
            </h2>
            <p className="mt-3 text-lg text-muted-foreground">{t('features.description')}</p>
          </div>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="h-full p-6">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-accent">
                    <Icon className="size-5 text-primary" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 font-semibold leading-snug">{t(`features.items.${key}.title`)}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                    {t(`features.items.${key}.description`)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-it-works-title" className="border-y border-border bg-card py-16 md:py-24">
        <div className={sectionContainer}>
          <div className="max-w-2xl">
            <h2 id="how-it-works-title" className="text-3xl font-semibold tracking-tight">
              {t('howItWorks.title')}
            </h2>
            <p className="mt-3 text-lg text-muted-foreground">{t('howItWorks.description')}</p>
          </div>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{t(`howItWorks.steps.${step}.title`)}</h3>
                  <p className="mt-1 leading-relaxed text-muted-foreground">
                    {t(`howItWorks.steps.${step}.description`)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="plans-title" className="py-16 md:py-24">
        <div className={sectionContainer}>
          <div className="flex flex-wrap items-end justify-between gap-6">
            <div className="max-w-2xl">
              <h2 id="plans-title" className="text-3xl font-semibold tracking-tight">
                {t('plans.title')}
              </h2>
              <p className="mt-3 text-lg text-muted-foreground">{t('plans.description')}</p>
            </div>
            <Button asChild variant="outline">
              <Link to="/choose-plan">
                {t('plans.cta')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TIERS.map((tier) => (
              <li key={tier}>
                <Card className="h-full p-6">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-lg font-semibold">{t(`plans.tiers.${tier}.name`)}</h3>
                    {tier === 'calm' ? <Badge>{t('plans.free')}</Badge> : null}
                  </div>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                    {t(`plans.tiers.${tier}.description`)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="closing-title" className="pb-16 md:pb-24">
        <div className={sectionContainer}>
          <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
            <h2 id="closing-title" className="text-3xl font-semibold tracking-tight">
              {t('closing.title')}
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-primary-foreground/90">{t('closing.description')}</p>
            <div className="mt-8 flex justify-center">
              <Button
                asChild
                size="lg"
                className="bg-card text-foreground hover:bg-card/90 focus-visible:outline-primary-foreground"
              >
                <Link to="/login">
                  {t('closing.cta')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
            <p className="mt-6 text-sm text-primary-foreground/90">
              {t('closing.contactPrompt')}{' '}
              <Link
                to="/contact"
                className="font-medium underline underline-offset-4 hover:no-underline focus-visible:outline-primary-foreground"
              >
                {t('closing.contactLink')}
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
