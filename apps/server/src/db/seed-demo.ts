import type { Role } from '@portal/shared/roles';
import type { Tier } from '@portal/shared/tiers';
import type { App } from '../app.ts';
import { createConfirmedUser } from '../modules/auth/auth.service.ts';
import { createRolesRepository } from '../modules/auth/roles.repository.ts';
import { seedDemoGamification } from '../modules/gamification/gamification.seed.ts';
import { seedDemoGoals } from '../modules/goals/goals.seed.ts';
import { seedDemoLiveSessions } from '../modules/live/live.seed.ts';
import { seedDemoNotes } from '../modules/notes/notes.seed.ts';
import { createProfileRepository } from '../modules/profile/profile.repository.ts';
import { seedDemoStudySessions } from '../modules/study/study.seed.ts';
import { createSubscriptionRepository } from '../modules/subscription/subscription.repository.ts';
import type { Db } from './client.ts';
import { DEMO_PROGRESS } from './demo-content/demo-courses.ts';
import { seedDemoCourses } from './demo-content/seed-demo-courses.ts';

export const DEMO_PASSWORD = 'demo-password-123';

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: Role; tier: Tier }> = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin', tier: 'universal' },
  { email: 'instructor@example.com', name: 'Ivan Instructor', role: 'instructor', tier: 'universal' },
  { email: 'learner@example.com', name: 'Lena Learner', role: 'learner', tier: 'me' },
];

/** Seeds the demo accounts once; running it again changes nothing. */
export async function seedDemoData({ app, db }: { app: App; db: Db }) {
  const roles = createRolesRepository({ db });
  const profiles = createProfileRepository({ db });
  const subscriptions = createSubscriptionRepository({ db });
  const userIds = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const { user } = await createConfirmedUser(app.authInstance, {
      email: account.email,
      name: account.name,
      password: DEMO_PASSWORD,
    });
    // Each step is safe to repeat, so a seed cut short by a crash completes on the next start.
    await roles.grant(user.id, account.role);
    await profiles.createDefault(user.id, { fullName: account.name, email: account.email });
    if (!(await subscriptions.findByUserId(user.id))) {
      await subscriptions.activate(user.id, { tier: account.tier, provider: 'seed', interval: 'year' });
    }
    userIds.set(account.email, user.id);
  }
  const adminId = userIds.get('admin@example.com');
  if (adminId) {
    await seedDemoCourses({
      db,
      blobStore: app.blobStore,
      authorId: adminId,
      learnerId: userIds.get('learner@example.com') ?? null,
    });
  }
  const instructorId = userIds.get('instructor@example.com');
  if (instructorId) await seedDemoLiveSessions({ db, hostId: instructorId, courseId: null });
  const learnerId = userIds.get('learner@example.com');
  if (learnerId) await seedDemoGamification({ db, learnerId });
  if (learnerId) {
    await seedDemoStudySessions({ db, learnerId });
    await seedDemoGoals({ db, learnerId, courseSlug: DEMO_PROGRESS.courseSlug });
    await seedDemoNotes({ db, learnerId });
  }
}
