import type { CourseProgressSummary } from '@portal/shared/course-catalogue';
import type { LessonProgress, LessonView } from '@portal/shared/progress';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyProgress } from './apply-progress';
import { courseKeys } from './course-keys';

const progress = { lesson_id: 'l1' } as LessonProgress;
const courseProgress = { course_id: 'c1' } as CourseProgressSummary;

describe('applying what a progress report returned', () => {
  it('reads the lesson again when its module was completed, since that may unlock the next lesson', () => {
    const client = new QueryClient();
    const key = courseKeys.lesson('l1');
    const state = () => client.getQueryState(key)?.isInvalidated;
    const changes = { lesson_completed_now: true, module_completed_now: false, course_completed_now: false };

    client.setQueryData(key, { progress: {} } as LessonView);
    applyProgress(client, { progress, course_progress: courseProgress, changes });
    expect(client.getQueryData<LessonView>(key)?.progress).toEqual(progress);
    expect(state()).toBe(false);

    applyProgress(client, {
      progress,
      course_progress: courseProgress,
      changes: { ...changes, module_completed_now: true },
    });
    expect(state()).toBe(true);
  });
});
