import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courseModules,
  courseProgress,
  courses,
  lessonProgress,
  lessons,
  quizAttempts,
  type StoredLessonContent,
} from '../../db/schema.ts';
import { DEMO_CONTENT_FOLDER } from '../../paths.ts';
import { estimateReadingSeconds, renderLessonMarkdown } from '../courses/markdown.ts';
import { readPdfPageCount, readVideoDuration } from '../courses/media.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { DEMO_COURSES, DEMO_PROGRESS, type DemoCourse, type DemoLesson, type DemoModule } from './demo-courses.ts';

/** Copies a bundled file into the blob store once; the key is fixed so repeated seeds reuse it. */
async function storeDemoFile(blobStore: BlobStore, file: string) {
  const key = `demo-content/${file}`;
  const existing = await blobStore.stat(key);
  const size =
    existing?.size ?? (await blobStore.put(key, createReadStream(path.join(DEMO_CONTENT_FOLDER, file)))).size;
  return { key, size };
}

type LessonValues = { content: StoredLessonContent; durationSeconds: number | null; pageCount: number | null };

const quizLessonContent = (lesson: Extract<DemoLesson, { kind: 'quiz' }>) =>
  ({
    kind: 'quiz',
    pass_mark: lesson.passMark,
    questions: lesson.questions.map((question) => ({
      id: randomUUID(),
      kind: question.kind,
      prompt: question.prompt,
      choices: question.choices.map((choice) => ({
        id: randomUUID(),
        text: choice.text,
        correct: choice.correct ?? false,
      })),
      feedback_correct: question.feedback_correct,
      feedback_incorrect: question.feedback_incorrect,
    })),
  }) as StoredLessonContent;

async function fileLessonValues(
  blobStore: BlobStore,
  lesson: Extract<DemoLesson, { kind: 'video' | 'pdf' }>,
): Promise<LessonValues> {
  const { key, size } = await storeDemoFile(blobStore, lesson.file);
  if (lesson.kind === 'pdf') {
    return {
      content: {
        kind: 'pdf',
        file: { key, file_name: lesson.file, content_type: 'application/pdf', size_bytes: size },
      } as StoredLessonContent,
      durationSeconds: null,
      pageCount: await readPdfPageCount(blobStore, key),
    };
  }
  return {
    content: {
      kind: 'video',
      source: 'upload',
      file: { key, file_name: lesson.file, content_type: lesson.contentType, size_bytes: size },
    } as StoredLessonContent,
    durationSeconds: await readVideoDuration(blobStore, key, { contentType: lesson.contentType, size }),
    pageCount: null,
  };
}

async function lessonValues(blobStore: BlobStore, lesson: DemoLesson): Promise<LessonValues> {
  switch (lesson.kind) {
    case 'text':
      return {
        content: {
          kind: 'text',
          markdown: lesson.markdown,
          html: renderLessonMarkdown(lesson.markdown),
        } as StoredLessonContent,
        durationSeconds: estimateReadingSeconds(lesson.markdown),
        pageCount: null,
      };
    case 'video':
    case 'pdf':
      return fileLessonValues(blobStore, lesson);
    case 'quiz':
      return { content: quizLessonContent(lesson), durationSeconds: null, pageCount: null };
  }
}

type PreparedModule = { module: DemoModule; values: ({ lesson: DemoLesson } & LessonValues)[] };

/** Stores the course's files and reads their lengths before the course's transaction opens. */
async function prepareDemoModules(blobStore: BlobStore, demo: DemoCourse) {
  const prepared: PreparedModule[] = [];
  for (const module of demo.modules) {
    const values = [];
    for (const lesson of module.lessons) values.push({ lesson, ...(await lessonValues(blobStore, lesson)) });
    prepared.push({ module, values });
  }
  return prepared;
}

async function insertDemoModules(tx: Tx, courseId: string, prepared: PreparedModule[]) {
  let previousModuleId: string | null = null;
  for (const [position, { module, values }] of prepared.entries()) {
    const [row]: { id: string }[] = await tx
      .insert(courseModules)
      .values({
        courseId,
        position,
        title: module.title,
        description: module.description,
        prerequisiteModuleId: module.needsPrevious ? previousModuleId : null,
      })
      .returning();
    if (!row) throw new Error('Demo module insert returned no row');
    previousModuleId = row.id;
    await tx.insert(lessons).values(
      values.map(({ lesson, content, durationSeconds, pageCount }, index) => ({
        moduleId: row.id,
        courseId,
        position: index,
        kind: lesson.kind,
        title: lesson.title,
        content,
        durationSeconds,
        pageCount,
      })),
    );
  }
}

/** Creates each demo course once (a course is written whole in one transaction, so a cut-short seed leaves none half-made). */
async function seedCourses(db: Db, blobStore: BlobStore, authorId: string) {
  for (const demo of DEMO_COURSES) {
    const [existing] = await db.select({ id: courses.id }).from(courses).where(eq(courses.slug, demo.slug));
    if (existing) continue;
    const prepared = await prepareDemoModules(blobStore, demo);
    await db.transaction(async (tx) => {
      const [course] = await tx
        .insert(courses)
        .values({
          slug: demo.slug,
          title: demo.title,
          description: demo.description,
          requiredTier: demo.requiredTier,
          status: 'published',
          publishedAt: new Date(),
          createdBy: authorId,
        })
        .onConflictDoNothing({ target: courses.slug })
        .returning();
      if (!course) return;
      await insertDemoModules(tx, course.id, prepared);
    });
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type LessonRow = typeof lessons.$inferSelect;
type QuizContent = Extract<LessonRow['content'], { kind: 'quiz' }>;
type LearnerCourse = { learnerId: string; courseId: string };

const daysAgo = (days: number, minutes = 0) => sql`now() - make_interval(days => ${days}, mins => ${minutes})`;

/** One honest first try at the quiz: the first question right, the rest wrong. */
const firstTryResults = (quizContent: QuizContent) =>
  quizContent.questions.map((question, index) => {
    const correctIds = question.choices.filter((choice) => choice.correct).map((choice) => choice.id);
    const right = index === 0;
    const wrongId = question.choices.find((choice) => !choice.correct)?.id;
    return {
      question_id: question.id,
      correct: right,
      selected_choice_ids: right ? correctIds : wrongId ? [wrongId] : [],
      correct_choice_ids: correctIds,
      feedback: right ? question.feedback_correct : question.feedback_incorrect,
    };
  });

async function insertCompletedLessons(tx: Tx, { learnerId, courseId }: LearnerCourse, completed: LessonRow[]) {
  for (const [index, lesson] of completed.entries()) {
    await tx.insert(lessonProgress).values({
      userId: learnerId,
      lessonId: lesson.id,
      courseId,
      status: 'completed',
      timeSpentSeconds: 240 + index * 60,
      firstOpenedAt: daysAgo(3 - index, 30),
      lastActivityAt: daysAgo(3 - index, 25),
      completedAt: daysAgo(3 - index, 25),
    });
  }
}

/** The quiz tried once, not passed, and still in progress. */
async function insertQuizTry(
  tx: Tx,
  { learnerId, courseId }: LearnerCourse,
  { quiz, quizContent }: { quiz: LessonRow; quizContent: QuizContent },
) {
  await tx.insert(quizAttempts).values({
    userId: learnerId,
    lessonId: quiz.id,
    courseId,
    score: DEMO_PROGRESS.attemptScore,
    passed: false,
    passMark: quizContent.pass_mark,
    results: firstTryResults(quizContent),
    submittedAt: daysAgo(1),
  });
  await tx.insert(lessonProgress).values({
    userId: learnerId,
    lessonId: quiz.id,
    courseId,
    status: 'in_progress',
    timeSpentSeconds: 180,
    firstOpenedAt: daysAgo(1, 5),
    lastActivityAt: daysAgo(1),
    bestScore: DEMO_PROGRESS.attemptScore,
    attempts: 1,
  });
}

/** Gives the demo learner a course in progress, once. */
async function seedLearnerProgress(db: Db, learnerId: string) {
  const [course] = await db.select().from(courses).where(eq(courses.slug, DEMO_PROGRESS.courseSlug));
  if (!course) return;
  const courseLessons = await db
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.courseId, course.id))
    .orderBy(courseModules.position, lessons.position);
  const byTitle = (title: string) => courseLessons.find((row) => row.lesson.title === title)?.lesson;
  const completed = DEMO_PROGRESS.completedLessonTitles.map(byTitle).filter((lesson) => lesson !== undefined);
  const quiz = byTitle(DEMO_PROGRESS.attemptedQuizTitle);
  if (quiz?.content.kind !== 'quiz') return;
  const quizContent = quiz.content;
  const learnerCourse = { learnerId, courseId: course.id };

  await db.transaction(async (tx) => {
    const [started] = await tx
      .insert(courseProgress)
      .values({
        userId: learnerId,
        courseId: course.id,
        lessonsCompleted: completed.length,
        lessonsTotal: courseLessons.length,
        percent: Math.floor((completed.length * 100) / courseLessons.length),
        lastLessonId: quiz.id,
        startedAt: daysAgo(3),
        lastActivityAt: daysAgo(1),
      })
      .onConflictDoNothing()
      .returning();
    if (!started) return;
    await insertCompletedLessons(tx, learnerCourse, completed);
    await insertQuizTry(tx, learnerCourse, { quiz, quizContent });
  });
}

/** Demo courses, files and the demo learner's progress; safe to run on every start. */
export async function seedDemoCourses({
  db,
  blobStore,
  authorId,
  learnerId,
}: {
  db: Db;
  blobStore: BlobStore;
  authorId: string;
  learnerId: string | null;
}) {
  await seedCourses(db, blobStore, authorId);
  if (learnerId) await seedLearnerProgress(db, learnerId);
}
