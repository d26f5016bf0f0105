import { describe, expect, it } from 'vitest';
import { createNoteBodySchema, formatVideoTime, noteLessonPath, updateNoteBodySchema } from './notes.ts';

const lessonId = '6f1c1f9e-6a55-4b8e-9a53-4d3c9f0e2a11';

describe('note contracts', () => {
  it('default to Markdown without a pinned position', () => {
    expect(createNoteBodySchema.parse({ lesson_id: lessonId, body: 'Remember this' })).toEqual({
      lesson_id: lessonId,
      body: 'Remember this',
      format: 'markdown',
      position: null,
    });
  });

  it.each([
    { label: 'blank text', body: { lesson_id: lessonId, body: '   ' } },
    {
      label: 'a negative video time',
      body: { lesson_id: lessonId, body: 'x', position: { kind: 'video', seconds: -1 } },
    },
    { label: 'page zero', body: { lesson_id: lessonId, body: 'x', position: { kind: 'pdf', page: 0 } } },
    { label: 'a page on a video pin', body: { lesson_id: lessonId, body: 'x', position: { kind: 'video', page: 2 } } },
    { label: 'a course id from the body', body: { lesson_id: lessonId, body: 'x', course_id: lessonId } },
    { label: 'an HTML format', body: { lesson_id: lessonId, body: 'x', format: 'html' } },
  ])('refuse $label', ({ body }) => {
    expect(createNoteBodySchema.safeParse(body).success).toBe(false);
  });

  it('need something to change on an edit', () => {
    expect(updateNoteBodySchema.safeParse({}).success).toBe(false);
    expect(updateNoteBodySchema.safeParse({ position: null }).success).toBe(true);
  });
});

describe('note links and times', () => {
  it('lead back to the lesson at the pinned moment or page', () => {
    const base = { course_id: 'c1', lesson_id: 'l1' };
    expect(noteLessonPath({ ...base, position: { kind: 'video', seconds: 83 } })).toBe(
      '/dashboard/learner/course/c1?lesson=l1&t=83',
    );
    expect(noteLessonPath({ ...base, position: { kind: 'pdf', page: 4 } })).toBe(
      '/dashboard/learner/course/c1?lesson=l1&page=4',
    );
    expect(noteLessonPath({ ...base, position: null })).toBe('/dashboard/learner/course/c1?lesson=l1');
    expect(noteLessonPath({ course_id: 'c1', lesson_id: null, position: null })).toBe('/dashboard/learner/course/c1');
  });

  it('format video times as m:ss or h:mm:ss', () => {
    expect(formatVideoTime(0)).toBe('0:00');
    expect(formatVideoTime(75)).toBe('1:15');
    expect(formatVideoTime(3725)).toBe('1:02:05');
  });
});
