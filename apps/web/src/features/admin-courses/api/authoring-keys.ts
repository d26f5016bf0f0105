/** Query keys of the authoring screens; every change invalidates `all`, since lists, details and counts move together. */
export const authoringKeys = {
  all: ['authoring'] as const,
  courses: () => ['authoring', 'courses'] as const,
  course: (courseId: string) => ['authoring', 'course', 'id', courseId] as const,
  courseBySlug: (slug: string) => ['authoring', 'course', 'slug', slug] as const,
  uploadLimits: () => ['authoring', 'upload-limits'] as const,
  scormPackages: () => ['authoring', 'scorm-packages'] as const,
  slugCheck: (slug: string, courseId: string | undefined) => ['authoring', 'slug', slug, courseId ?? null] as const,
};
