import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, users, verifications } from '../../db/schema.ts';

export type Row = Record<string, unknown>;

const rowsOf = async (db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

type UserRowsQuery = {
  table: string;
  userColumn: string;
  userId: string;
  columns?: readonly string[];
};

/** One user's rows of a table, with only `columns` when given; values as JSON (timestamps in ISO 8601). */
async function readRowsOfUser(db: Db, { table, userColumn, userId, columns }: UserRowsQuery): Promise<Row[]> {
  const selection = columns
    ? sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      )
    : sql`*`;
  // to_jsonb gives both drivers the same shapes, whatever the column types are.
  const found = await rowsOf(
    db,
    sql`select to_jsonb(picked) as row from (select ${selection} from ${sql.identifier(table)} where ${sql.identifier(userColumn)} = ${userId}) as picked`,
  );
  return found.map((result) => result.row as Row);
}

type ChildRowsQuery = {
  table: string;
  foreignKey: string;
  parentTable: string;
  parentUserColumn: string;
  userId: string;
};

/** Rows of a child table whose parent row (`parentTable.id` = `foreignKey`) belongs to the user. */
async function readChildRowsOfUser(
  db: Db,
  { table, foreignKey, parentTable, parentUserColumn, userId }: ChildRowsQuery,
): Promise<Row[]> {
  const found = await rowsOf(
    db,
    sql`select to_jsonb(child) as row from ${sql.identifier(table)} as child where ${sql.identifier(foreignKey)} in
      (select id from ${sql.identifier(parentTable)} where ${sql.identifier(parentUserColumn)} = ${userId})`,
  );
  return found.map((result) => result.row as Row);
}

function createAccountTableReads(db: Db) {
  return {
    /** Whether a table exists yet; tables other modules are still adding are skipped until they do. */
    async tableExists(table: string): Promise<boolean> {
      const [row] = await rowsOf(db, sql`select to_regclass(${table}) is not null as present`);
      return row?.present === true;
    },

    /** One user's rows of a table, with only `columns` when given; values as JSON (timestamps in ISO 8601). */
    rowsOfUser: (query: UserRowsQuery): Promise<Row[]> => readRowsOfUser(db, query),

    /** Rows of a child table whose parent row (`parentTable.id` = `foreignKey`) belongs to the user. */
    childRowsOfUser: (query: ChildRowsQuery): Promise<Row[]> => readChildRowsOfUser(db, query),
  };
}

type UserDeletion = { userId: string; recipients: string[]; codeIdentifiers: string[] };

/**
 * Deletes the user; foreign keys remove their sessions, profile, roles, subscription and the like. Messages
 * sent to them and pending codes go too. False when there was no such user.
 */
function deleteUserWithMessages(db: Db, { userId, recipients, codeIdentifiers }: UserDeletion): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (recipients.length > 0) {
      await tx.delete(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
    }
    await tx
      .delete(verifications)
      .where(
        codeIdentifiers.length > 0
          ? or(eq(verifications.value, userId), inArray(verifications.identifier, codeIdentifiers))
          : eq(verifications.value, userId),
      );
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length > 0;
  });
}

function createAccountUserRecords(db: Db) {
  return {
    async findUser(userId: string) {
      const [user] = await db
        .select({ id: users.id, email: users.email, phoneNumber: users.phoneNumber })
        .from(users)
        .where(eq(users.id, userId));
      return user;
    },

    async messagesTo(recipients: string[]) {
      if (recipients.length === 0) return [];
      return db
        .select({
          channel: mailOutbox.channel,
          recipient: mailOutbox.recipient,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.recipient, recipients))
        .orderBy(asc(mailOutbox.createdAt));
    },

    /**
     * Deletes the user; foreign keys remove their sessions, profile, roles, subscription and the like. Messages
     * sent to them and pending codes go too. False when there was no such user.
     */
    deleteUser: (deletion: UserDeletion): Promise<boolean> => deleteUserWithMessages(db, deletion),
  };
}

export function createAccountDataRepository({ db }: { db: Db }) {
  return { ...createAccountUserRecords(db), ...createAccountTableReads(db) };
}
export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
