/** Query keys of the learner's course data; mutations invalidate through these. */
export const courseKeys = {
  all: ['courses'] as const,
  catalogue: (query: object) => ['courses', 'catalogue', query] as const,
  library: () => ['courses', 'library'] as const,
  catalogues: () => ['courses', 'catalogue'] as const,
  outlines: () => ['courses', 'outline'] as const,
  outline: (courseId: string) => ['courses', 'outline', 'id', courseId] as const,
  outlineBySlug: (slug: string) => ['courses', 'outline', 'slug', slug] as const,
  lesson: (lessonId: string) => ['courses', 'lesson', lessonId] as const,
  learningStates: () => ['courses', 'learning-state'] as const,
  courseLearningState: (courseId: string) => ['courses', 'learning-state', 'course', courseId] as const,
  moduleLearningState: (moduleId: string) => ['courses', 'learning-state', 'module', moduleId] as const,
};
