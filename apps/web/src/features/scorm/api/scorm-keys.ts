import type { ListScormPackagesQuery } from '@portal/shared/scorm';

/** Query keys of SCORM data; mutations invalidate through these. */
export const scormKeys = {
  all: ['scorm'] as const,
  packageLists: () => ['scorm', 'packages', 'list'] as const,
  packages: (query: ListScormPackagesQuery) => ['scorm', 'packages', 'list', query] as const,
  package: (packageId: string) => ['scorm', 'packages', 'detail', packageId] as const,
  enrollments: (packageId: string) => ['scorm', 'packages', 'enrollments', packageId] as const,
  analytics: (packageId: string) => ['scorm', 'packages', 'analytics', packageId] as const,
  interactionReport: (packageId: string) => ['scorm', 'packages', 'analytics', packageId, 'interactions'] as const,
  objectiveReport: (packageId: string) => ['scorm', 'packages', 'analytics', packageId, 'objectives'] as const,
  learners: (search: string) => ['scorm', 'learners', search] as const,
  myEnrollments: () => ['scorm', 'my-enrollments'] as const,
  myAttempts: (enrollmentId: string) => ['scorm', 'my-enrollments', enrollmentId, 'attempts'] as const,
  previewSession: (packageId: string) => ['scorm', 'player', 'preview', packageId] as const,
  launchSession: (enrollmentId: string) => ['scorm', 'player', 'launch', enrollmentId] as const,
};
