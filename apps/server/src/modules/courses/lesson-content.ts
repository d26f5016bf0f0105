import { randomUUID } from 'node:crypto';
import type { lessonContentInputSchema } from '@portal/shared/course-authoring';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { LessonRow } from './courses.repository.ts';
import type { StoredFile, StoredLessonContent, StoredQuizQuestion } from './courses.table.ts';
import { estimateReadingSeconds, renderLessonMarkdown } from './markdown.ts';

export type ParsedContent = z.output<typeof lessonContentInputSchema>;

/** Gives new questions and choices their ids and refuses ids used twice. */
function storeQuizQuestions(questions: Extract<ParsedContent, { kind: 'quiz' }>['questions']): StoredQuizQuestion[] {
  const seen = new Set<string>();
  const claim = (id: string | undefined) => {
    const value = id ?? randomUUID();
    if (seen.has(value)) throw new AppError('bad_request', 'Each question and choice needs its own id.');
    seen.add(value);
    return value;
  };
  return questions.map((question) => ({
    id: claim(question.id),
    kind: question.kind,
    prompt: question.prompt,
    choices: question.choices.map((choice) => ({ id: claim(choice.id), text: choice.text, correct: choice.correct })),
    feedback_correct: question.feedback_correct,
    feedback_incorrect: question.feedback_incorrect,
  }));
}

/** A file name fit for a Content-Disposition header: no control characters or path separators. */
export function safeFileName(name: string | undefined, fallback: string): string {
  const cleaned = [...(name ?? '')]
    .filter(
      (character) => character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f && !'/\\'.includes(character),
    )
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned.length > 0 ? cleaned : fallback;
}

/** A video link as given; an upload keeps the file and measured length the lesson already had. */
function storedVideo(input: Extract<ParsedContent, { kind: 'video' }>, previous?: LessonRow) {
  if (input.source === 'url') {
    return {
      content: { kind: 'video', source: 'url', url: input.url } as const,
      durationSeconds: input.duration_seconds,
      pageCount: null,
      scormPackageId: null,
    };
  }
  const kept = previous?.content.kind === 'video' && previous.content.source === 'upload' ? previous : null;
  return {
    content: {
      kind: 'video',
      source: 'upload',
      file: kept && kept.content.kind === 'video' && kept.content.source === 'upload' ? kept.content.file : null,
    } as const,
    durationSeconds: input.duration_seconds ?? kept?.durationSeconds ?? null,
    pageCount: null,
    scormPackageId: null,
  };
}

/** What a lesson stores for its content: the rendered text, quiz ids, the kept upload, reading time. */
export function storedContent(input: ParsedContent, previous?: LessonRow) {
  switch (input.kind) {
    case 'text':
      return {
        content: { kind: 'text', markdown: input.markdown, html: renderLessonMarkdown(input.markdown) } as const,
        durationSeconds: estimateReadingSeconds(input.markdown),
        pageCount: null,
        scormPackageId: null,
      };
    case 'video':
      return storedVideo(input, previous);
    case 'pdf':
      return {
        content: { kind: 'pdf', file: previous?.content.kind === 'pdf' ? previous.content.file : null } as const,
        durationSeconds: null,
        pageCount: previous?.content.kind === 'pdf' ? previous.pageCount : null,
        scormPackageId: null,
      };
    case 'quiz':
      return {
        content: {
          kind: 'quiz',
          pass_mark: input.pass_mark,
          questions: storeQuizQuestions(input.questions),
        } as const,
        durationSeconds: null,
        pageCount: null,
        scormPackageId: null,
      };
    case 'scorm':
      return {
        content: { kind: 'scorm', package_id: input.package_id } as const,
        durationSeconds: null,
        pageCount: null,
        scormPackageId: input.package_id,
      };
  }
}

/** Files a lesson version used that the new version no longer does. */
export function filesDropped(before: StoredLessonContent, after: StoredLessonContent): StoredFile[] {
  const fileOf = (content: StoredLessonContent) =>
    (content.kind === 'video' && content.source === 'upload') || content.kind === 'pdf' ? content.file : null;
  const old = fileOf(before);
  return old && fileOf(after)?.key !== old.key ? [old] : [];
}
