import type { QuizSubmitBody } from '@portal/shared/progress';
import { AppError } from '../../errors.ts';
import type { LessonRow } from '../courses/course-rows.ts';
import type { DomainEventInput } from '../events/domain-event.types.ts';
import { gradeQuiz, InvalidQuizAnswer } from './completion-rules.ts';
import type { ProgressRepository, Tx } from './progress.repository.ts';
import { type ChangeProgress, completeInTransaction } from './progress-completion.ts';
import type { CompletionChanges, LearnerCourse, LearnerCourses, Viewer } from './progress-learner-course.ts';

type QuizContent = Extract<LessonRow['content'], { kind: 'quiz' }>;
type Graded = ReturnType<typeof gradeQuiz>;

/** Grades the answers, refusing answers that do not fit the quiz as a validation failure. */
function gradeOrRefuse(quiz: QuizContent, answers: QuizSubmitBody['answers']): Graded {
  try {
    return gradeQuiz(quiz, answers);
  } catch (error) {
    if (error instanceof InvalidQuizAnswer) throw new AppError('validation_failed', error.message);
    throw error;
  }
}

type Passing = {
  tx: Tx;
  userId: string;
  course: LearnerCourse;
  lesson: LessonRow;
  quiz: QuizContent;
  graded: Graded;
  events: DomainEventInput[];
};

/** What a graded attempt completes: the lesson and what it finishes when passed, `quiz.passed` recorded first. */
async function completeIfPassed(
  progressRepository: ProgressRepository,
  { tx, userId, course, lesson, quiz, graded, events }: Passing,
): Promise<CompletionChanges & { quiz_passed_now: boolean }> {
  const changes = {
    lesson_completed_now: false,
    module_completed_now: false,
    course_completed_now: false,
    quiz_passed_now: false,
  };
  if (!graded.passed) return changes;
  const completion = await completeInTransaction(progressRepository, { tx, userId, tree: course.tree, lesson, events });
  if (completion.lesson_completed_now) {
    events.unshift({
      type: 'quiz.passed',
      userId,
      subjectId: lesson.id,
      payload: { lessonId: lesson.id, courseId: lesson.courseId, score: graded.score, passMark: quiz.pass_mark },
    });
  }
  return { ...completion, quiz_passed_now: completion.lesson_completed_now };
}

type QuizParts = {
  progressRepository: ProgressRepository;
  learnerCourses: Pick<LearnerCourses, 'loadLessonForLearner' | 'assertCanOpen'>;
  changeProgress: ChangeProgress;
  logLessonTime: (tx: Tx, userId: string, seconds: number) => Promise<unknown>;
};

/** Quiz submissions: graded on the server, saved under the course lock, completing the lesson when passed. */
export function createQuizSubmissions({
  progressRepository,
  learnerCourses,
  changeProgress,
  logLessonTime,
}: QuizParts) {
  return {
    async submitQuiz(viewer: Viewer, lessonId: string, body: QuizSubmitBody) {
      const { lesson, course } = await learnerCourses.loadLessonForLearner(viewer, lessonId);
      learnerCourses.assertCanOpen(viewer, course, lesson);
      if (lesson.content.kind !== 'quiz')
        throw new AppError('bad_request', `This is a ${lesson.kind} lesson, not a quiz.`);
      const quiz = lesson.content;
      const graded = gradeOrRefuse(quiz, body.answers);
      const userId = viewer.userId;
      const key = { userId, lessonId: lesson.id, courseId: lesson.courseId };
      return changeProgress(userId, lesson.courseId, async (tx, events) => {
        const before = await progressRepository.lockLessonProgress(tx, key);
        const attempt = await progressRepository.insertQuizAttempt(tx, {
          ...key,
          score: graded.score,
          passed: graded.passed,
          passMark: quiz.pass_mark,
          results: graded.questions,
        });
        const saved = await progressRepository.saveActivity(tx, key, {
          attempts: before.attempts + 1,
          bestScore: Math.max(before.bestScore ?? 0, graded.score),
        });
        await logLessonTime(tx, userId, saved.timeSpentSeconds - before.timeSpentSeconds);
        const changes = await completeIfPassed(progressRepository, {
          tx,
          userId,
          course,
          lesson,
          quiz,
          graded,
          events,
        });
        const summary = await progressRepository.refreshCourseProgress(tx, userId, lesson.courseId, lesson.id);
        const [progress] = (await progressRepository.listLessonProgress(userId, lesson.courseId, tx)).filter(
          (row) => row.lessonId === lesson.id,
        );
        if (!progress) throw new Error('Lesson progress row missing');
        return { lesson, attempt, progress, summary, changes };
      });
    },
  };
}
