import { randomInt } from 'node:crypto';
import type { PracticeCheckBody, PracticeCheckResult, PracticeQuestion } from '@portal/shared/practice';
import { AppError } from '../../errors.ts';
import { gradeQuiz, InvalidQuizAnswer } from '../progress/completion-rules.ts';
import type { PracticeRepository } from './practice.repository.ts';

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

/** Practice draws on quizzes the learner already passed; it reads answers but never changes progress. */
export function createPracticeService({ practiceRepository }: { practiceRepository: PracticeRepository }) {
  async function questionsOf(userId: string) {
    const rows = await practiceRepository.completedQuizLessons(userId);
    return rows.flatMap(({ lesson, courseTitle }) =>
      lesson.content.kind === 'quiz'
        ? lesson.content.questions.map((question) => ({ lesson, courseTitle, question }))
        : [],
    );
  }

  return {
    async questions(userId: string, limit: number): Promise<PracticeQuestion[]> {
      return shuffle(await questionsOf(userId))
        .slice(0, limit)
        .map(({ lesson, courseTitle, question }) => ({
          id: question.id,
          kind: question.kind,
          prompt: question.prompt,
          choices: question.choices.map((choice) => ({ id: choice.id, text: choice.text })),
          lesson_id: lesson.id,
          lesson_title: lesson.title,
          course_id: lesson.courseId,
          course_title: courseTitle,
        }));
    },
    async check(userId: string, body: PracticeCheckBody): Promise<PracticeCheckResult> {
      const found = (await questionsOf(userId)).find(({ question }) => question.id === body.question_id);
      if (!found) throw new AppError('not_found', 'Question not found.');
      try {
        const [graded] = gradeQuiz({ pass_mark: 100, questions: [found.question] }, [
          { question_id: body.question_id, choice_ids: body.choice_ids },
        ]).questions;
        if (!graded) throw new AppError('not_found', 'Question not found.');
        return { correct: graded.correct, feedback: graded.feedback, correct_choice_ids: graded.correct_choice_ids };
      } catch (error) {
        if (error instanceof InvalidQuizAnswer) throw new AppError('validation_failed', error.message);
        throw error;
      }
    },
  };
}
export type PracticeService = ReturnType<typeof createPracticeService>;
