import type { Database } from '../../db/client.ts';
import { LEARNER_CHANGES_CHANNEL } from './analytics.module.ts';

/**
 * Announces a change of the learner's as another instance does, and waits until this instance has heard it: a view
 * read before the notice arrives would be dropped by it later, in the middle of a test.
 */
export async function announceLearnerChange(database: Database, userId: string) {
  let heard = () => {};
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const unlisten = await database.listen(LEARNER_CHANGES_CHANNEL, (payload) => {
    if (payload === userId) heard();
  });
  try {
    await database.notify(LEARNER_CHANGES_CHANNEL, userId);
    await arrived;
  } finally {
    await unlisten();
  }
}
