import type { AdminLesson } from '@portal/shared/admin-courses';
import type { LessonContentInput } from '@portal/shared/course-authoring';
import type { LessonKind } from '@portal/shared/course-rules';
import {
  emptyQuiz,
  findQuizProblems,
  hasQuizProblems,
  type QuizDraft,
  type QuizProblems,
  quizDraftFrom,
  quizInputFrom,
} from './quiz-builder';

/** What the lesson form edits, as the author typed it. */
export type LessonDraft = {
  kind: LessonKind;
  title: string;
  moduleId: string;
  markdown: string;
  videoSource: 'upload' | 'url';
  videoUrl: string;
  videoMinutes: string;
  videoSeconds: string;
  quiz: QuizDraft;
  packageId: string;
};

export function draftFrom(lesson: AdminLesson | null, moduleId: string): LessonDraft {
  const content = lesson?.content;
  const duration = content?.kind === 'video' ? (content.duration_seconds ?? 0) : 0;
  return {
    kind: lesson?.kind ?? 'text',
    title: lesson?.title ?? '',
    moduleId: lesson?.module_id ?? moduleId,
    markdown: content?.kind === 'text' ? content.markdown : '',
    videoSource: content?.kind === 'video' ? content.source : 'upload',
    videoUrl: content?.kind === 'video' && content.source === 'url' ? (content.url ?? '') : '',
    videoMinutes: duration ? String(Math.floor(duration / 60)) : '',
    videoSeconds: duration ? String(Math.round(duration % 60)) : '',
    quiz: content?.kind === 'quiz' ? quizDraftFrom(content) : emptyQuiz(),
    packageId: content?.kind === 'scorm' ? content.package_id : '',
  };
}

export type SetLessonDraft = <K extends keyof LessonDraft>(key: K, value: LessonDraft[K]) => void;

export type LessonProblems = {
  title?: boolean;
  videoUrl?: boolean;
  duration?: boolean;
  file?: boolean;
  packageId?: boolean;
  quiz?: QuizProblems;
};

function durationOf(draft: LessonDraft): number {
  const minutes = Number.parseInt(draft.videoMinutes || '0', 10);
  const seconds = Number.parseInt(draft.videoSeconds || '0', 10);
  if (!Number.isFinite(minutes) || !Number.isFinite(seconds) || minutes < 0 || seconds < 0) return Number.NaN;
  return minutes * 60 + seconds;
}

export function findProblems(draft: LessonDraft, file: File | null, lesson: AdminLesson | null): LessonProblems {
  const problems: LessonProblems = {};
  if (!draft.title.trim()) problems.title = true;
  if (draft.kind === 'video' && draft.videoSource === 'url') {
    if (!/^https:\/\/\S+$/i.test(draft.videoUrl.trim())) problems.videoUrl = true;
    const duration = durationOf(draft);
    if (!(duration > 0)) problems.duration = true;
  }
  const hasFile = lesson?.content.kind === draft.kind && 'file' in lesson.content && lesson.content.file !== null;
  if ((draft.kind === 'pdf' || (draft.kind === 'video' && draft.videoSource === 'upload')) && !file && !hasFile) {
    problems.file = true;
  }
  if (draft.kind === 'scorm' && !draft.packageId) problems.packageId = true;
  if (draft.kind === 'quiz') {
    const quiz = findQuizProblems(draft.quiz);
    if (hasQuizProblems(quiz)) problems.quiz = quiz;
  }
  return problems;
}

export function contentFrom(draft: LessonDraft): LessonContentInput {
  switch (draft.kind) {
    case 'text':
      return { kind: 'text', markdown: draft.markdown };
    case 'video':
      return draft.videoSource === 'url'
        ? { kind: 'video', source: 'url', url: draft.videoUrl.trim(), duration_seconds: durationOf(draft) }
        : { kind: 'video', source: 'upload', duration_seconds: null };
    case 'pdf':
      return { kind: 'pdf' };
    case 'quiz':
      return { kind: 'quiz', ...quizInputFrom(draft.quiz) };
    case 'scorm':
      return { kind: 'scorm', package_id: draft.packageId };
  }
}

/** Whether saving must send new content (an uploaded video or PDF keeps its file when nothing about it changed). */
export function contentChanged(draft: LessonDraft, lesson: AdminLesson): boolean {
  const content = lesson.content;
  if (content.kind === 'pdf') return false;
  if (content.kind === 'video' && draft.kind === 'video') {
    if (content.source !== draft.videoSource) return true;
    if (draft.videoSource === 'upload') return false;
    return content.url !== draft.videoUrl.trim() || content.duration_seconds !== durationOf(draft);
  }
  return true;
}
