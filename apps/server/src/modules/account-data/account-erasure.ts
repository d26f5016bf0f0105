import type { FastifyBaseLogger } from 'fastify';

/**
 * What a module does when an account is erased, for data kept outside the database (files): it looks up what the
 * account owns while its rows still exist and answers the removal to run once the rows are gone.
 */
export type ErasureStep = (userId: string) => Promise<(() => Promise<void>) | undefined>;

/** The steps every account deletion runs, whoever asks for it (the user in settings or an admin). */
export function createAccountErasure(log: Pick<FastifyBaseLogger, 'warn'>) {
  const steps: ErasureStep[] = [];
  return {
    /** Adds a module's step; modules register theirs when they start. */
    register(step: ErasureStep) {
      steps.push(step);
    },

    /**
     * Runs `deleteRows` between the steps' lookups and their removals; answers what `deleteRows` answered. A failed
     * removal is logged and never undoes the deletion.
     */
    async erase(userId: string, deleteRows: () => Promise<boolean>): Promise<boolean> {
      const removals: (() => Promise<void>)[] = [];
      for (const step of steps) {
        const removal = await step(userId);
        if (removal) removals.push(removal);
      }
      if (!(await deleteRows())) return false;
      for (const removal of removals) {
        try {
          await removal();
        } catch (error) {
          log.warn({ err: error, userId }, 'files of a deleted account not removed');
        }
      }
      return true;
    },
  };
}
export type AccountErasure = ReturnType<typeof createAccountErasure>;

/** No steps: deletion removes the rows only (for tests and tools that build a service alone). */
export const rowsOnlyErasure: AccountErasure = createAccountErasure({ warn: () => {} });
