import type { QuestionKind } from '@portal/shared/course-rules';
import type { Tier } from '@portal/shared/tiers';

type DemoQuestion = {
  kind: QuestionKind;
  prompt: string;
  choices: { text: string; correct?: boolean }[];
  feedback_correct: string;
  feedback_incorrect: string;
};

export type DemoLesson =
  | { kind: 'text'; title: string; markdown: string }
  | { kind: 'video'; title: string; file: string; contentType: string }
  | { kind: 'pdf'; title: string; file: string }
  | { kind: 'quiz'; title: string; passMark: number; questions: DemoQuestion[] };

export type DemoModule = { title: string; description: string; needsPrevious?: boolean; lessons: DemoLesson[] };
export type DemoCourse = {
  slug: string;
  title: string;
  description: string;
  requiredTier: Tier;
  modules: DemoModule[];
};
