import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RolesRepository } from './roles.repository.ts';
import { getEffectiveRole } from './roles.service.ts';

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; userId?: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const rolesRepositoryReturning = (rows: Array<{ role: 'admin' | 'instructor' | 'learner' }>) =>
  ({ listForUser: async () => rows, grant: async () => {} }) satisfies RolesRepository;

const unreachableRolesRepository = {
  listForUser: async () => {
    throw new Error('connection refused');
  },
  grant: async () => {},
} satisfies RolesRepository;

describe('the effective role', () => {
  it('is learner when the role lookup fails, and the failure is logged', async () => {
    const { logger, lines } = capturingLogger();

    const role = await getEffectiveRole({ userId: 'user-1', rolesRepository: unreachableRolesRepository, logger });

    expect(role).toBe('learner');
    expect(lines).toEqual([expect.objectContaining({ level: 50, userId: 'user-1' })]);
  });

  it.each([null, undefined, ''])('is learner for a signed-out visitor (%j) without a lookup', async (userId) => {
    const { logger, lines } = capturingLogger();

    expect(await getEffectiveRole({ userId, rolesRepository: unreachableRolesRepository, logger })).toBe('learner');
    expect(lines).toEqual([]);
  });

  it('is the highest role the user holds', async () => {
    const { logger } = capturingLogger();
    const rolesRepository = rolesRepositoryReturning([{ role: 'learner' }, { role: 'instructor' }]);

    expect(await getEffectiveRole({ userId: 'user-2', rolesRepository, logger })).toBe('instructor');
  });
});
