import type { Db } from '../../db/client.ts';
import { createActivityRepository } from './activity.repository.ts';
import { createActivityService } from './activity.service.ts';

/**
 * Learning time by hour and day. It has no routes of its own: progress and SCORM record into it, analytics and
 * study read from it.
 */
export function registerActivity({ db }: { db: Db }) {
  return createActivityService({ repository: createActivityRepository({ db }) });
}
