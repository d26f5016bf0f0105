import type { CoachLanguage } from '@portal/shared/coach';
import { SCORM_WRONG_RESULTS } from '@portal/shared/scorm';
import type { Tier } from '@portal/shared/tiers';
import { and, asc, desc, eq, gte, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courseModules,
  courseProgress,
  courses,
  flashcardCards,
  flashcardNotes,
  flashcardReviewLogs,
  lessonProgress,
  lessons,
  quizAttempts,
  type StoredQuizQuestion,
  scormAttempts,
  scormInteractions,
  scormScos,
} from '../../db/schema.ts';

export type LessonHit = {
  lessonId: string;
  courseId: string;
  courseTitle: string;
  lessonTitle: string;
  text: string;
  questions: StoredQuizQuestion[];
};

export type WeakLesson = {
  lessonId: string;
  courseId: string;
  courseTitle: string;
  lessonTitle: string;
  /** Best quiz score (percent) or null for SCORM content. */
  score: number | null;
  passMark: number | null;
  /** Failed SCORM interactions in the lesson's package. */
  failedInteractions: number;
};

// The same expressions as the lessons_search_*_idx indexes, so the planner uses them.
const document = sql`${lessons.title} || ' ' || coalesce(${lessons.content}->>'markdown', '') || ' ' || coalesce(jsonb_path_query_array(${lessons.content}, '$.questions[*].prompt')::text, '')`;
const CJK = sql.raw(`'([\\u3400-\\u9fff])'`);
const vectorsOf = (text: SQL): Record<CoachLanguage, SQL> => ({
  en: sql`to_tsvector('english', ${text})`,
  de: sql`to_tsvector('german', ${text})`,
  zh: sql`to_tsvector('simple', regexp_replace(${text}, ${CJK}, '\\1 ', 'g'))`,
});
const vectors = vectorsOf(document);
const courseVectors = vectorsOf(sql`${courses.title}`);
const configs: Record<CoachLanguage, string> = { en: 'english', de: 'german', zh: 'simple' };

/** The words of a search as the index splits them: Chinese into single characters, nothing but letters and digits. */
export function searchWords(terms: string[], language: CoachLanguage): string[] {
  const split = terms.flatMap((term) =>
    (language === 'zh' ? term.replace(/[\u3400-\u9fff]/gu, (char) => ` ${char} `) : term).split(/[^\p{L}\p{N}]+/u),
  );
  return [...new Set(split.filter(Boolean))];
}

/** Every word, stemmed; then, when that finds nothing, any word or the start of one. */
const searchQueries = (words: string[], language: CoachLanguage) => [
  sql`websearch_to_tsquery(${configs[language]}::regconfig, ${words.join(' ')})`,
  sql`to_tsquery(${configs[language]}::regconfig, ${words.map((word) => `${word}:*`).join(' | ')})`,
];

const hitColumns = {
  lessonId: lessons.id,
  courseId: lessons.courseId,
  courseTitle: courses.title,
  lessonTitle: lessons.title,
  content: lessons.content,
};

const visibleCourse = (tiers: readonly Tier[]) =>
  and(eq(courses.status, 'published'), inArray(courses.requiredTier, [...tiers]));

/** One full-text query over the lessons of visible courses, best match first. */
async function lessonsMatching(
  db: Db,
  { query, language, tiers, limit }: { query: SQL; language: CoachLanguage; tiers: readonly Tier[]; limit: number },
) {
  const courseVector = courseVectors[language];
  return db
    .select(hitColumns)
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(visibleCourse(tiers), or(sql`${vectors[language]} @@ ${query}`, sql`${courseVector} @@ ${query}`)))
    .orderBy(
      desc(sql`ts_rank(${vectors[language]}, ${query}) + ts_rank(${courseVector}, ${query})`),
      asc(courseModules.position),
      asc(lessons.position),
    )
    .limit(limit);
}

function createLessonReads(db: Db) {
  return {
    /** Lessons of courses the learner may see whose title, text or course title match the words, best first. */
    async searchLessons(terms: string[], language: CoachLanguage, tiers: readonly Tier[], limit = 5) {
      const words = searchWords(terms, language);
      if (words.length === 0) return [];
      for (const query of searchQueries(words, language)) {
        const rows = await lessonsMatching(db, { query, language, tiers, limit });
        if (rows.length) return rows.map(presentHit);
      }
      return [];
    },

    /** The quiz lessons of the given courses the learner may see, in course order. */
    async quizLessonsOf(courseIds: string[], tiers: readonly Tier[], limit = 20): Promise<LessonHit[]> {
      if (courseIds.length === 0) return [];
      const rows = await db
        .select(hitColumns)
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .where(and(visibleCourse(tiers), inArray(lessons.courseId, courseIds), eq(lessons.kind, 'quiz')))
        .orderBy(asc(courseModules.position), asc(lessons.position))
        .limit(limit);
      const order = (hit: LessonHit) => courseIds.indexOf(hit.courseId);
      return rows.map(presentHit).sort((a, b) => order(a) - order(b));
    },

    async findLessons(lessonIds: string[], tiers: readonly Tier[]): Promise<LessonHit[]> {
      if (lessonIds.length === 0) return [];
      const rows = await db
        .select(hitColumns)
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(and(visibleCourse(tiers), inArray(lessons.id, lessonIds)));
      return rows.map(presentHit);
    },
  };
}

/** Due, new and all cards the learner can study now. */
async function cardCounts(db: Db, userId: string, at: Date) {
  const available = and(
    eq(flashcardCards.userId, userId),
    eq(flashcardCards.suspended, false),
    or(isNull(flashcardCards.buriedUntil), lte(flashcardCards.buriedUntil, at)),
  );
  const [cards] = await db
    .select({
      due: sql<number>`count(*) filter (where ${flashcardCards.state} <> 0 and ${flashcardCards.due} <= ${at})::int`,
      fresh: sql<number>`count(*) filter (where ${flashcardCards.state} = 0)::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(flashcardCards)
    .where(available);
  return cards;
}

/** Reviews of cards in review (state 2) since `since`, and how many were not rated Again. */
async function reviewCounts(db: Db, userId: string, since: Date) {
  const [reviews] = await db
    .select({
      total: sql<number>`count(*)::int`,
      remembered: sql<number>`count(*) filter (where ${flashcardReviewLogs.rating} > 1)::int`,
    })
    .from(flashcardReviewLogs)
    .where(
      and(
        eq(flashcardReviewLogs.userId, userId),
        gte(flashcardReviewLogs.reviewedAt, since),
        eq(flashcardReviewLogs.state, 2),
      ),
    );
  return reviews;
}

function createCardReads(db: Db) {
  return {
    /** Due and new cards now, and true retention (reviews not rated Again) over the last 30 days. */
    async cardStats(userId: string, at: Date) {
      const cards = await cardCounts(db, userId, at);
      const reviews = await reviewCounts(db, userId, new Date(at.getTime() - 30 * 86_400_000));
      return {
        due: cards?.due ?? 0,
        fresh: cards?.fresh ?? 0,
        total: cards?.total ?? 0,
        reviews30d: reviews?.total ?? 0,
        retention: reviews?.total ? Math.round(((reviews.remembered ?? 0) / reviews.total) * 100) : null,
      };
    },

    /** The learner's own cards whose front or back mentions one of the words (all cards when none given). */
    async cardsAbout(userId: string, terms: string[], limit = 20) {
      const matches = terms.map((term) => {
        const pattern = `%${term.replace(/[%_\\]/gu, (char) => `\\${char}`)}%`;
        return or(sql`${flashcardNotes.front} ilike ${pattern}`, sql`${flashcardNotes.back} ilike ${pattern}`);
      });
      return db
        .select({ front: flashcardNotes.front, back: flashcardNotes.back })
        .from(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), sql`${flashcardNotes.back} <> ''`, or(...matches)))
        .orderBy(desc(flashcardNotes.updatedAt))
        .limit(limit);
    },
  };
}

/** Quiz lessons whose best score is under the pass mark or under 70. */
async function lowQuizLessons(db: Db, userId: string, tiers: readonly Tier[]) {
  return db
    .select({
      lessonId: quizAttempts.lessonId,
      courseId: quizAttempts.courseId,
      courseTitle: courses.title,
      lessonTitle: lessons.title,
      best: sql<number>`max(${quizAttempts.score})::int`,
      passMark: sql<number>`max(${quizAttempts.passMark})::int`,
    })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .where(and(eq(quizAttempts.userId, userId), visibleCourse(tiers)))
    .groupBy(quizAttempts.lessonId, quizAttempts.courseId, courses.title, lessons.title)
    .having(sql`max(${quizAttempts.score}) < max(${quizAttempts.passMark}) or max(${quizAttempts.score}) < 70`);
}

/** SCORM lessons with failed interactions, and how many failed. */
async function failedScormLessons(db: Db, userId: string, tiers: readonly Tier[]) {
  return db
    .select({
      lessonId: lessons.id,
      courseId: lessons.courseId,
      courseTitle: courses.title,
      lessonTitle: lessons.title,
      failed: sql<number>`count(*)::int`,
    })
    .from(scormInteractions)
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormInteractions.attemptId))
    .innerJoin(scormScos, eq(scormScos.id, scormAttempts.scoId))
    .innerJoin(lessons, eq(lessons.scormPackageId, scormScos.packageId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        eq(scormAttempts.learnerId, userId),
        inArray(sql`lower(${scormInteractions.result})`, SCORM_WRONG_RESULTS),
        visibleCourse(tiers),
      ),
    )
    .groupBy(lessons.id, lessons.courseId, courses.title, lessons.title);
}

/** One entry per lesson from both sources, worst first. */
function worstLessons(
  quizRows: Awaited<ReturnType<typeof lowQuizLessons>>,
  scormRows: Awaited<ReturnType<typeof failedScormLessons>>,
  limit: number,
): WeakLesson[] {
  const weak = new Map<string, WeakLesson>();
  for (const row of quizRows) {
    weak.set(row.lessonId, { ...row, score: row.best, passMark: row.passMark, failedInteractions: 0 });
  }
  for (const row of scormRows) {
    const known = weak.get(row.lessonId);
    if (known) known.failedInteractions = row.failed;
    else weak.set(row.lessonId, { ...row, score: null, passMark: null, failedInteractions: row.failed });
  }
  const severity = (lesson: WeakLesson) => (lesson.score ?? 100) - lesson.failedInteractions * 10;
  return [...weak.values()].sort((a, b) => severity(a) - severity(b)).slice(0, limit);
}

/** The first lesson of the course, in module and lesson order, the learner has not completed. */
async function nextLessonOf(db: Db, userId: string, courseId: string) {
  const done = db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.status, 'completed')));
  const [next] = await db
    .select({ lessonId: lessons.id, lessonTitle: lessons.title })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(lessons.courseId, courseId), notInArray(lessons.id, done)))
    .orderBy(asc(courseModules.position), asc(lessons.position))
    .limit(1);
  return next ?? null;
}

function createProgressReads(db: Db) {
  return {
    /** Lessons with a failed or low quiz (best under the pass mark) or failed SCORM interactions, worst first. */
    async weakLessons(userId: string, tiers: readonly Tier[], limit = 5): Promise<WeakLesson[]> {
      const quizRows = await lowQuizLessons(db, userId, tiers);
      const scormRows = await failedScormLessons(db, userId, tiers);
      return worstLessons(quizRows, scormRows, limit);
    },

    /** Courses the learner started and has not finished, with the next lesson not yet completed. */
    async coursesInProgress(userId: string, tiers: readonly Tier[], limit = 3) {
      const started = await db
        .select({ courseId: courseProgress.courseId, courseTitle: courses.title, percent: courseProgress.percent })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.id, courseProgress.courseId))
        .where(and(eq(courseProgress.userId, userId), sql`${courseProgress.percent} < 100`, visibleCourse(tiers)))
        .orderBy(desc(courseProgress.lastActivityAt))
        .limit(limit);
      // At most `limit` courses, each asked at the same time rather than one after another.
      return Promise.all(
        started.map(async (course) => ({ ...course, next: await nextLessonOf(db, userId, course.courseId) })),
      );
    },
  };
}

/** What the coach reads about one learner; every query is filtered by their id or by the courses their plan opens. */
export function createCoachContextRepository({ db }: { db: Db }) {
  return { ...createLessonReads(db), ...createCardReads(db), ...createProgressReads(db) };
}
export type CoachContextRepository = ReturnType<typeof createCoachContextRepository>;

function presentHit(row: {
  lessonId: string;
  courseId: string;
  courseTitle: string;
  lessonTitle: string;
  content: (typeof lessons.$inferSelect)['content'];
}): LessonHit {
  const content = row.content;
  return {
    lessonId: row.lessonId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    lessonTitle: row.lessonTitle,
    text: content.kind === 'text' ? content.markdown : '',
    questions: content.kind === 'quiz' ? content.questions : [],
  };
}
