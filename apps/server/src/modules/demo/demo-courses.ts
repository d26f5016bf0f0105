import type { DemoCourse } from './demo-course.types.ts';
import { DATA_PRIVACY_COURSE } from './demo-course-data-privacy.ts';
import { SPREADSHEETS_COURSE } from './demo-course-spreadsheets.ts';
import { STUDY_SKILLS_COURSE } from './demo-course-study-skills.ts';

export type { DemoCourse, DemoLesson, DemoModule } from './demo-course.types.ts';

/** The three short courses the embedded default ships with; texts, video and PDF are our own. */
export const DEMO_COURSES: DemoCourse[] = [STUDY_SKILLS_COURSE, DATA_PRIVACY_COURSE, SPREADSHEETS_COURSE];

/** The demo learner has finished the first two lessons of this course and tried its first quiz once. */
export const DEMO_PROGRESS = {
  courseSlug: 'study-skills-that-stick',
  completedLessonTitles: ['Why we forget', 'Retrieval practice'],
  attemptedQuizTitle: 'Check: memory basics',
  attemptScore: 33,
} as const;
