import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ActivityRepository, createActivityRepository } from '../activity/activity.repository.ts';
import { courseModules, courses, lessons } from '../courses/courses.table.ts';
import { streaks, userXp, xpAccounts } from '../gamification/gamification.table.ts';
import { goals } from '../goals/goals.table.ts';
import { courseProgress, lessonProgress, quizAttempts } from '../progress/progress.table.ts';
import { scormAttempts, scormEnrollments, scormPackages } from '../scorm/scorm.table.ts';
import { insertReadyScormPackage } from '../scorm/scorm.testing.ts';

export const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A published course with text lessons and a quiz. */
function createCourseSeeds(db: Db) {
  return {
    async course(title: string, lessonCount: number) {
      const [course] = await db
        .insert(courses)
        .values({ slug: `c-${randomUUID().slice(0, 8)}`, title, status: 'published' })
        .returning();
      if (!course) throw new Error('course insert failed');
      const [module] = await db
        .insert(courseModules)
        .values({ courseId: course.id, position: 0, title: 'M' })
        .returning();
      if (!module) throw new Error('module insert failed');
      const rows = await db
        .insert(lessons)
        .values(
          Array.from({ length: lessonCount }, (_, position) => ({
            moduleId: module.id,
            courseId: course.id,
            position,
            kind: 'text' as const,
            title: `Lesson ${position + 1}`,
            content: { kind: 'text' as const, markdown: 'x', html: '<p>x</p>' },
          })),
        )
        .returning();
      const [quiz] = await db
        .insert(lessons)
        .values({
          moduleId: module.id,
          courseId: course.id,
          position: lessonCount,
          kind: 'quiz',
          title: `${title} check`,
          content: { kind: 'quiz', pass_mark: 70, questions: [] },
        })
        .returning();
      if (!quiz) throw new Error('quiz insert failed');
      return { id: course.id, moduleId: module.id, lessonIds: rows.map((row) => row.id), quizId: quiz.id, lessonCount };
    },
  };
}

/** Lesson and course progress, and quiz attempts. */
function createLearningSeeds(db: Db, activity: ActivityRepository) {
  return {
    /** The learner completed `completed` of the course's lessons, the last activity at `at`. */
    async progress(
      userId: string,
      course: { id: string; lessonIds: string[]; lessonCount: number },
      completed: number,
      at = new Date(),
    ) {
      const total = course.lessonCount + 1;
      const percent = Math.floor((completed / total) * 100);
      await db.insert(courseProgress).values({
        userId,
        courseId: course.id,
        percent,
        lessonsCompleted: completed,
        lessonsTotal: total,
        startedAt: at,
        lastActivityAt: at,
        completedAt: completed >= total ? at : null,
      });
      const opened = course.lessonIds.slice(0, Math.max(1, completed));
      await db.insert(lessonProgress).values(
        opened.map((lessonId, index) => ({
          userId,
          lessonId,
          courseId: course.id,
          status: index < completed ? ('completed' as const) : ('in_progress' as const),
          completedAt: index < completed ? at : null,
          lastActivityAt: at,
        })),
      );
      await activity.addTime({ userId, endedAt: at, seconds: 600, source: 'lesson' });
    },
    async quizAttempts(userId: string, course: { id: string; quizId: string }, results: boolean[]) {
      await db.insert(quizAttempts).values(
        results.map((passed) => ({
          userId,
          lessonId: course.quizId,
          courseId: course.id,
          score: passed ? 90 : 40,
          passed,
          passMark: 70,
          results: [],
        })),
      );
    },
  };
}

/** XP, streaks and goals. */
function createRewardSeeds(db: Db) {
  return {
    /** Lifetime XP, with `earned` of it awarded at `at` in the ledger. */
    async xp(userId: string, total: number, earned = total, at = new Date()) {
      await db
        .insert(xpAccounts)
        .values({ userId, totalXp: total })
        .onConflictDoUpdate({
          target: xpAccounts.userId,
          set: { totalXp: total },
        });
      if (earned > 0) {
        await db.insert(userXp).values({
          userId,
          kind: 'award',
          eventType: 'lesson_completed',
          idempotencyKey: randomUUID(),
          baseXp: earned,
          xp: earned,
          localDay: isoDay(at),
          createdAt: at,
        });
      }
    },
    async streak(userId: string, length: number, lastCountedDay: string) {
      await db
        .insert(streaks)
        .values({ userId, streakType: 'learning', currentLength: length, longestLength: length, lastCountedDay });
    },
    async courseGoal(userId: string, courseId: string, { dueDate, createdAt }: { dueDate: string; createdAt: Date }) {
      const [goal] = await db
        .insert(goals)
        .values({ userId, kind: 'course_by_date', title: 'Finish the course', courseId, dueDate, createdAt })
        .returning();
      return goal?.id ?? '';
    },
  };
}

/** SCORM packages embedded in courses, and attempts at them. */
function createScormSeeds(db: Db) {
  return {
    /** A ready package with one SCO (titled `Start`), embedded as a lesson of the course. */
    async scormPackage(title: string, course: { id: string; moduleId: string }) {
      const pkg = await insertReadyScormPackage(db);
      await db.update(scormPackages).set({ title }).where(eq(scormPackages.id, pkg.packageId));
      await db.insert(lessons).values({
        moduleId: course.moduleId,
        courseId: course.id,
        position: 99,
        kind: 'scorm',
        title,
        content: { kind: 'scorm', package_id: pkg.packageId },
        scormPackageId: pkg.packageId,
      });
      return pkg;
    },
    async scormAttempts(learnerId: string, pkg: { packageId: string; scoId: string }, results: string[]) {
      const [found] = await db
        .select()
        .from(scormEnrollments)
        .where(and(eq(scormEnrollments.packageId, pkg.packageId), eq(scormEnrollments.learnerId, learnerId)));
      const enrollment =
        found ?? (await db.insert(scormEnrollments).values({ packageId: pkg.packageId, learnerId }).returning())[0];
      if (!enrollment) throw new Error('enrolment insert failed');
      await db.insert(scormAttempts).values(
        results.map((successStatus, index) => ({
          enrollmentId: enrollment.id,
          scoId: pkg.scoId,
          learnerId,
          number: index + 1,
          completionStatus: 'completed',
          successStatus,
          endedAt: new Date(),
        })),
      );
    },
  };
}

/**
 * Writes learner activity the way the learning modules store it: a course with text, quiz and SCORM lessons, lesson
 * and course progress, quiz attempts, XP, streaks, goals and SCORM attempts.
 */
export function createActivitySeeder(db: Db) {
  return {
    ...createCourseSeeds(db),
    ...createLearningSeeds(db, createActivityRepository({ db })),
    ...createRewardSeeds(db),
    ...createScormSeeds(db),
  };
}
