import type {
  CatalogueCourse,
  CourseProgressSummary,
  LearnerLessonContent,
  QuizAttemptResult,
} from '@portal/shared/course-catalogue';
import type {
  CourseLearningState,
  CourseOutline,
  LessonProgress,
  LessonView,
  ModuleLearningState,
  ResumePosition,
} from '@portal/shared/progress';
import type { CourseWithCounts, LessonRow } from '../courses/course-rows.ts';
import { coverUrl, mediaUrl } from '../courses/courses.presenter.ts';
import { sanitizeLessonHtml } from '../courses/markdown.ts';
import type { LessonProgressRow, QuizAttemptRow } from './progress.repository.ts';
import type { LearnerCourse } from './progress.service.ts';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function presentLessonProgress(lesson: LessonRow, row: LessonProgressRow | undefined): LessonProgress {
  let percent = 0;
  if (row?.completedAt) percent = 100;
  else if (row && lesson.kind === 'video' && lesson.durationSeconds) {
    percent = Math.min(99, Math.floor((row.watchedSeconds / lesson.durationSeconds) * 100));
  } else if (row && lesson.kind === 'pdf' && lesson.pageCount) {
    percent = Math.min(99, Math.floor(((row.maxPage ?? 0) / lesson.pageCount) * 100));
  }
  return {
    lesson_id: lesson.id,
    status: !row ? 'not_started' : row.completedAt ? 'completed' : 'in_progress',
    percent,
    position: row?.position ?? null,
    watched_seconds: row?.watchedSeconds ?? 0,
    time_spent_seconds: row?.timeSpentSeconds ?? 0,
    first_opened_at: iso(row?.firstOpenedAt),
    last_activity_at: iso(row?.lastActivityAt),
    completed_at: iso(row?.completedAt),
    best_score: row?.bestScore ?? null,
    attempts: row?.attempts ?? 0,
  };
}

export function presentCatalogueCourse({
  course,
  accessible,
  progress,
}: {
  course: CourseWithCounts;
  accessible: boolean;
  progress: CourseProgressSummary | undefined;
}): CatalogueCourse {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    cover_url: coverUrl(course),
    required_tier: course.requiredTier,
    status: course.status,
    accessible,
    module_count: course.moduleCount,
    lesson_count: course.lessonCount,
    duration_seconds: Math.round(course.durationSeconds),
    progress: progress ?? {
      course_id: course.id,
      status: 'not_started',
      percent: 0,
      lessons_completed: 0,
      lessons_total: course.lessonCount,
      started_at: null,
      completed_at: null,
      last_activity_at: null,
      last_lesson_id: null,
    },
  };
}

export function presentQuizAttempt(row: QuizAttemptRow): QuizAttemptResult {
  return {
    attempt_id: row.id,
    score: row.score,
    passed: row.passed,
    pass_mark: row.passMark,
    submitted_at: row.submittedAt.toISOString(),
    questions: row.results,
  };
}

function isLocked(course: LearnerCourse, lesson: LessonRow): boolean {
  return course.modules.get(lesson.moduleId)?.locked ?? false;
}

const isDone = (course: LearnerCourse, lesson: LessonRow) =>
  Boolean(course.progressByLesson.get(lesson.id)?.completedAt);

function resumeAt(course: LearnerCourse, lesson: LessonRow, reason: ResumePosition['reason']): ResumePosition {
  const row = course.progressByLesson.get(lesson.id);
  return {
    course_id: lesson.courseId,
    module_id: lesson.moduleId,
    lesson_id: lesson.id,
    lesson_title: lesson.title,
    kind: lesson.kind,
    position: lesson.kind === 'video' || lesson.kind === 'pdf' ? (row?.position ?? null) : null,
    reason,
  };
}

/** The lesson last opened while unfinished, else the next open lesson after it, else the last one opened. */
export function findResume(course: LearnerCourse): ResumePosition | null {
  const ordered = course.tree.lessons;
  const open = ordered.filter((lesson) => !isLocked(course, lesson));
  const last = ordered.find((lesson) => lesson.id === course.summary.last_lesson_id);
  if (last && !isLocked(course, last) && !isDone(course, last)) return resumeAt(course, last, 'last_opened');
  const after = last ? ordered.indexOf(last) : -1;
  const next =
    open.find((lesson) => ordered.indexOf(lesson) > after && !isDone(course, lesson)) ??
    open.find((lesson) => !isDone(course, lesson));
  if (next) return resumeAt(course, next, 'next_up');
  if (last && !isLocked(course, last)) return resumeAt(course, last, 'last_opened');
  const first = open[0];
  return first ? resumeAt(course, first, 'next_up') : null;
}

export function presentOutline(course: LearnerCourse): CourseOutline {
  const { tree } = course;
  return {
    course: {
      id: tree.course.id,
      slug: tree.course.slug,
      title: tree.course.title,
      description: tree.course.description,
      cover_url: coverUrl(tree.course),
      required_tier: tree.course.requiredTier,
      status: tree.course.status,
      accessible: course.accessible,
    },
    progress: course.summary,
    modules: tree.modules.map((module) => {
      const state = course.modules.get(module.id);
      return {
        id: module.id,
        position: module.position,
        title: module.title,
        description: module.description,
        prerequisite_module_id: module.prerequisiteModuleId,
        prerequisite_title: tree.modules.find((other) => other.id === module.prerequisiteModuleId)?.title ?? null,
        locked: state?.locked ?? false,
        completed: (state?.completed ?? false) && (state?.total ?? 0) > 0,
        completed_at: iso(state?.completedAt),
        lessons_completed: state?.done ?? 0,
        lessons_total: state?.total ?? 0,
        lessons: tree.lessons
          .filter((lesson) => lesson.moduleId === module.id)
          .map((lesson) => ({
            id: lesson.id,
            module_id: lesson.moduleId,
            position: lesson.position,
            kind: lesson.kind,
            title: lesson.title,
            duration_seconds: lesson.durationSeconds,
            page_count: lesson.pageCount,
            locked: state?.locked ?? false,
            progress: presentLessonProgress(lesson, course.progressByLesson.get(lesson.id)),
          })),
      };
    }),
    resume: findResume(course),
  };
}

function presentLearnerContent(
  lesson: LessonRow,
  progress: LessonProgressRow | undefined,
  lastAttempt: QuizAttemptRow | undefined,
  scormLaunchUrl: string | null | undefined,
): LearnerLessonContent {
  const content = lesson.content;
  switch (content.kind) {
    case 'text':
      return { kind: 'text', html: sanitizeLessonHtml(content.html) };
    case 'video':
      return content.source === 'url'
        ? {
            kind: 'video',
            source: 'url',
            url: content.url,
            content_type: null,
            duration_seconds: lesson.durationSeconds ?? 0,
          }
        : {
            kind: 'video',
            source: 'upload',
            url: mediaUrl(lesson),
            content_type: content.file?.content_type ?? null,
            duration_seconds: lesson.durationSeconds ?? 0,
          };
    case 'pdf':
      return { kind: 'pdf', url: mediaUrl(lesson), page_count: lesson.pageCount ?? 0 };
    case 'quiz':
      return {
        kind: 'quiz',
        pass_mark: content.pass_mark,
        questions: content.questions.map((question) => ({
          id: question.id,
          kind: question.kind,
          prompt: question.prompt,
          choices: question.choices.map((choice) => ({ id: choice.id, text: choice.text })),
        })),
        last_attempt: lastAttempt ? presentQuizAttempt(lastAttempt) : null,
        best_score: progress?.bestScore ?? null,
        attempts: progress?.attempts ?? 0,
      };
    case 'scorm':
      return { kind: 'scorm', package_id: content.package_id, launch_url: scormLaunchUrl ?? null };
  }
}

export function presentLessonView({
  lesson,
  course,
  progress,
  lastAttempt,
  scormLaunchUrl,
}: {
  lesson: LessonRow;
  course: LearnerCourse;
  progress: LessonProgressRow;
  lastAttempt: QuizAttemptRow | undefined;
  scormLaunchUrl?: string | null;
}): LessonView {
  const ordered = course.tree.lessons;
  const index = ordered.findIndex((candidate) => candidate.id === lesson.id);
  const neighbour = (other: LessonRow | undefined) =>
    other ? { id: other.id, title: other.title, locked: isLocked(course, other) } : null;
  const module = course.tree.modules.find((candidate) => candidate.id === lesson.moduleId);
  return {
    lesson: {
      id: lesson.id,
      course_id: lesson.courseId,
      course_slug: course.tree.course.slug,
      course_title: course.tree.course.title,
      module_id: lesson.moduleId,
      module_title: module?.title ?? '',
      kind: lesson.kind,
      title: lesson.title,
      duration_seconds: lesson.durationSeconds,
    },
    content: presentLearnerContent(lesson, progress, lastAttempt, scormLaunchUrl),
    progress: presentLessonProgress(lesson, progress),
    previous_lesson: neighbour(index > 0 ? ordered[index - 1] : undefined),
    next_lesson: neighbour(index >= 0 ? ordered[index + 1] : undefined),
    served_at: new Date().toISOString(),
  };
}

function presentQuizScores(course: LearnerCourse, moduleLessons: LessonRow[]): ModuleLearningState['quiz_scores'] {
  return moduleLessons.flatMap((lesson) => {
    if (lesson.content.kind !== 'quiz') return [];
    const row = course.progressByLesson.get(lesson.id);
    return [
      {
        lesson_id: lesson.id,
        title: lesson.title,
        pass_mark: lesson.content.pass_mark,
        best_score: row?.bestScore ?? null,
        passed: Boolean(row?.completedAt),
        attempts: row?.attempts ?? 0,
      },
    ];
  });
}

export function presentModuleState(course: LearnerCourse, moduleId: string): ModuleLearningState {
  const module = course.tree.modules.find((candidate) => candidate.id === moduleId);
  const state = course.modules.get(moduleId);
  if (!module || !state) throw new Error(`Module ${moduleId} is not in the course`);
  const moduleLessons = course.tree.lessons.filter((lesson) => lesson.moduleId === moduleId);
  const rows = moduleLessons.map((lesson) => course.progressByLesson.get(lesson.id));
  const lastActivity = rows.reduce<Date | null>(
    (latest, row) => (row && (!latest || row.lastActivityAt > latest) ? row.lastActivityAt : latest),
    null,
  );
  const next = moduleLessons.find((lesson) => !isDone(course, lesson));
  return {
    module_id: module.id,
    position: module.position,
    title: module.title,
    locked: state.locked,
    completed: state.completed && state.total > 0,
    completed_at: iso(state.completedAt),
    lessons_completed: state.done,
    lessons_total: state.total,
    percent: state.total > 0 ? Math.floor((state.done * 100) / state.total) : 0,
    time_spent_seconds: rows.reduce((total, row) => total + (row?.timeSpentSeconds ?? 0), 0),
    last_activity_at: iso(lastActivity),
    quiz_scores: presentQuizScores(course, moduleLessons),
    lessons: moduleLessons.map((lesson) => {
      const row = course.progressByLesson.get(lesson.id);
      return {
        lesson_id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        status: !row ? 'not_started' : row.completedAt ? 'completed' : 'in_progress',
        time_spent_seconds: row?.timeSpentSeconds ?? 0,
        completed_at: iso(row?.completedAt),
      };
    }),
    next_lesson: next ? { id: next.id, title: next.title, kind: next.kind } : null,
  };
}

function learningStateCourse(course: LearnerCourse) {
  const { course: row } = course.tree;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    required_tier: row.requiredTier,
    accessible: course.accessible,
  };
}

export function presentCourseLearningState(course: LearnerCourse): CourseLearningState {
  const modules = course.tree.modules.map((module) => presentModuleState(course, module.id));
  const resume = findResume(course);
  return {
    course: learningStateCourse(course),
    progress: course.summary,
    time_spent_seconds: modules.reduce((total, module) => total + module.time_spent_seconds, 0),
    modules,
    next_lesson: course.summary.status === 'completed' && resume?.reason !== 'next_up' ? null : resume,
  };
}

export function presentModuleLearningStateView(course: LearnerCourse, moduleId: string) {
  return { course: learningStateCourse(course), module: presentModuleState(course, moduleId) };
}
