import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { testTargets } from '../../testing/test-app.ts';
import { ACCOUNT_EXPORTERS, redactCredentials, tableExporter } from './account-data.exporters.ts';
import { createAccountDataRepository } from './account-data.repository.ts';

describe('messages in an export', () => {
  it('keep their words but lose link tokens and one-time codes', () => {
    expect(
      redactCredentials('Confirm here: https://portal.example/api/auth/verify-email?token=abc.def&callbackURL=%2F'),
    ).toBe('Confirm here: https://portal.example/api/auth/verify-email?[removed]');
    expect(redactCredentials('Your code is 123456. It expires in 10 minutes.')).toBe(
      'Your code is [code removed]. It expires in 10 minutes.',
    );
  });
});

describe.each(testTargets())('export sections on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.open());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('a table that does not exist yet is left out instead of failing', async () => {
    const exporter = tableExporter({ section: 'later', table: 'table_added_later' });
    const repository = createAccountDataRepository({ db: database.db });

    const value = await exporter.read({
      repository,
      user: { id: 'someone', email: 'a@example.com', phoneNumber: null },
    });
    expect(value).toBeUndefined();
  });

  it('covers every table that holds rows of a user', async () => {
    const exported = new Set<string>();
    const repository = createAccountDataRepository({ db: database.db });
    const spy = {
      ...repository,
      rowsOfUser: async (options: Parameters<typeof repository.rowsOfUser>[0]) => {
        exported.add(options.table);
        return repository.rowsOfUser(options);
      },
    };
    for (const exporter of ACCOUNT_EXPORTERS) {
      await exporter.read({ repository: spy, user: { id: 'someone', email: 'a@example.com', phoneNumber: null } });
    }
    // Tables keyed by a user (a `user_id` or `learner_id` column, or the profile's own id) are personal data.
    const personal = Object.values(schema)
      .filter(isTable)
      .filter((table) => {
        const columns = Object.values(getTableColumns(table)).map((column) => column.name);
        return columns.includes('user_id') || columns.includes('learner_id') || getTableName(table) === 'profiles';
      })
      .map((table) => getTableName(table))
      // Two-factor secrets are credentials; the export says whether two-factor is on through the profile.
      .filter((name) => name !== 'two_factors');
    expect(personal.filter((name) => !exported.has(name))).toEqual([]);
  });
});
