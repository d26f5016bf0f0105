import { z } from 'zod';

export const ROLES = ['admin', 'instructor', 'learner'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

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
