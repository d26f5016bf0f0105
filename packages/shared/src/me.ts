import { z } from 'zod';
import { sessionUserSchema } from './auth.ts';
import { roleSchema } from './roles.ts';

/** Who is signed in, as the web client sees it. */
export const meSchema = z.object({
  user: sessionUserSchema,
  role: roleSchema,
});
export type Me = z.infer<typeof meSchema>;
