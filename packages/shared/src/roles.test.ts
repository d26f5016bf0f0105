import { describe, expect, it } from 'vitest';
import { canUseScormStudio, resolveRole } from './roles.ts';

describe('role resolution', () => {
  it.each([
    [[{ role: 'learner' }, { role: 'admin' }, { role: 'instructor' }], 'admin'],
    [[{ role: 'instructor' }, { role: 'admin' }], 'admin'],
    [[{ role: 'learner' }, { role: 'instructor' }], 'instructor'],
    [[{ role: 'instructor' }], 'instructor'],
    [[{ role: 'learner' }], 'learner'],
    [[{ role: 'superuser' }], 'learner'],
    [[], 'learner'],
    [null, 'learner'],
    [undefined, 'learner'],
  ])('%j resolves to %s', (rows, role) => {
    expect(resolveRole(rows)).toBe(role);
  });
});

describe('SCORM studio access', () => {
  it.each([
    ['admin', true],
    ['instructor', true],
    ['learner', false],
  ] as const)('%s: %s', (role, allowed) => {
    expect(canUseScormStudio(role)).toBe(allowed);
  });
});
