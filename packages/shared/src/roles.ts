import { z } from 'zod';
import { ROLES } from './role-names.ts';

export * from './role-names.ts';
export const roleSchema = z.enum(ROLES);
