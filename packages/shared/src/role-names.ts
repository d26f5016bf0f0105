// Roles without their schema (no zod): pages that only ask who may do what import this.
export const ROLES = ['admin', 'instructor', 'learner'] as const;
export type Role = (typeof ROLES)[number];

/** Admin if any row is admin, else instructor if any is instructor, else learner. */
export function resolveRole(rows: ReadonlyArray<{ role: string }> | null | undefined): Role {
  if (!rows) return 'learner';
  if (rows.some((row) => row.role === 'admin')) return 'admin';
  if (rows.some((row) => row.role === 'instructor')) return 'instructor';
  return 'learner';
}

/** Roles the SCORM studio admits. */
export const SCORM_ROLES: readonly Role[] = ['admin', 'instructor'];

export function canUseScormStudio(role: Role): boolean {
  return SCORM_ROLES.includes(role);
}
