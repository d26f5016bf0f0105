import type { Role } from '@portal/shared/roles';
import type { Tier } from '@portal/shared/tiers';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { seedDemoAccount } from '../auth/auth.seed.ts';
import { seedDemoGamification } from '../gamification/gamification.seed.ts';
import { seedDemoGoals } from '../goals/goals.seed.ts';
import { seedDemoLiveSessions } from '../live/live.seed.ts';
import { seedDemoNotes } from '../notes/notes.seed.ts';
import { seedDemoProfile } from '../profile/profile.seed.ts';
import { seedDemoStudySessions } from '../study/study.seed.ts';
import { seedDemoSubscription } from '../subscription/subscription.seed.ts';
import { DEMO_PROGRESS } from './demo-courses.ts';
import { seedDemoCourses } from './seed-demo-courses.ts';

export const DEMO_PASSWORD = 'demo-password-123';

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: Role; tier: Tier }> = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin', tier: 'universal' },
  { email: 'instructor@example.com', name: 'Ivan Instructor', role: 'instructor', tier: 'universal' },
  { email: 'learner@example.com', name: 'Lena Learner', role: 'learner', tier: 'me' },
];

/** Seeds the demo accounts once; running it again changes nothing. */
export async function seedDemoData({ app, db }: { app: App; db: Db }) {
  const userIds = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const { email, name, role, tier } = account;
    // Each step is safe to repeat, so a seed cut short by a crash completes on the next start.
    const user = await seedDemoAccount(app.authInstance, { db, email, name, password: DEMO_PASSWORD, role });
    await seedDemoProfile({ db, userId: user.id, fullName: name, email });
    await seedDemoSubscription({ db, userId: user.id, tier });
    userIds.set(email, user.id);
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
