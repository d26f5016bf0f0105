import {
  type AdminBetaUpdate,
  BETA_USERS_PAGE_SIZE,
  type BetaAccessResult,
  type BetaFeed,
  type BetaUsersPage,
  type BetaUsersQuery,
  isPlainText,
  type PostBetaUpdateBody,
  type StoredBetaUpdate,
} from '@portal/shared/beta';
import type { ServerMessage } from '@portal/shared/realtime';
import { AppError } from '../../errors.ts';
import type { AuditEventInput } from '../audit/audit.service.ts';
import type { BetaRepository, BetaUpdateRow } from './beta.repository.ts';

/** Updates listed at most, for admins and in "What's new". */
const UPDATES_LISTED = 100;

const unknownUpdate = () => new AppError('not_found', 'This beta update does not exist or is not yours to see.');

const encodeCursor = (email: string) => Buffer.from(email, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const email = Buffer.from(cursor, 'base64url').toString('utf8');
  if (email === '' || !isPlainText(email) || encodeCursor(email) !== cursor) {
    throw new AppError('bad_request', 'This page link is not valid; start again from the first page.');
  }
  return email;
}

function toStored(row: Pick<BetaUpdateRow, 'id' | 'title' | 'message' | 'type' | 'createdAt'>): StoredBetaUpdate {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    created_at: row.createdAt.toISOString(),
  };
}

type BetaDeps = {
  repository: BetaRepository;
  audit: (event: AuditEventInput) => Promise<void>;
  /** Creates the default profile of a user who never signed in, so the flag has a row to live on. */
  ensureProfile: (userId: string) => Promise<void>;
  publishBeta: (message: ServerMessage) => Promise<void>;
  publishToUser: (userId: string, message: ServerMessage) => Promise<void>;
  now?: () => Date;
};

type UserRow = Awaited<ReturnType<BetaRepository['listUsers']>>[number];

function usersPage(rows: UserRow[], betaUserCount: number): BetaUsersPage {
  const page = rows.slice(0, BETA_USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map((row) => ({ user_id: row.userId, name: row.name, email: row.email, beta_access: row.betaAccess })),
    next_cursor: rows.length > BETA_USERS_PAGE_SIZE && last ? encodeCursor(last.email) : null,
    beta_user_count: betaUserCount,
  };
}

/** Who is in the programme: the admin's list and granting or revoking access. */
function createBetaMembership({ repository, audit, ensureProfile, publishToUser }: BetaDeps) {
  return {
    async listUsers(query: BetaUsersQuery): Promise<BetaUsersPage> {
      const rows = await repository.listUsers({
        search: query.search ? query.search : null,
        afterEmail: query.cursor ? decodeCursor(query.cursor) : null,
        limit: BETA_USERS_PAGE_SIZE + 1,
      });
      return usersPage(rows, await repository.countBetaUsers());
    },

    /** Idempotent: setting the value a user already has changes and records nothing. */
    async setBetaAccess(actorId: string, userId: string, betaAccess: boolean): Promise<BetaAccessResult> {
      if (!(await repository.userExists(userId))) throw new AppError('not_found', 'This user does not exist.');
      let change = await repository.setBetaAccess(userId, betaAccess);
      if (!change) {
        await ensureProfile(userId);
        change = await repository.setBetaAccess(userId, betaAccess);
      }
      if (!change) throw new AppError('not_found', 'This user does not exist.');
      if (change.before !== change.after) {
        await audit({
          userId,
          actorId,
          action: betaAccess ? 'beta.grant' : 'beta.revoke',
          tableName: 'profiles',
          recordId: userId,
          oldValues: { beta_access: change.before },
          newValues: { beta_access: change.after },
        });
        await publishToUser(userId, { type: 'beta_access_change', beta_access: betaAccess });
      }
      return { user_id: userId, beta_access: betaAccess };
    },
  };
}

/** The updates admins post and their reach. */
function createBetaPosting({ repository, audit, publishBeta }: BetaDeps) {
  return {
    /** Stores the update, then broadcasts it to every beta user with the app open, on every instance. */
    async postUpdate(actorId: string, body: PostBetaUpdateBody): Promise<StoredBetaUpdate> {
      const row = await repository.insertUpdate({ ...body, createdBy: actorId });
      await audit({
        userId: actorId,
        actorId,
        action: 'beta.post',
        tableName: 'beta_updates',
        recordId: row.id,
        newValues: { title: row.title, type: row.type },
      });
      const stored = toStored(row);
      const { id, title, message, type, created_at: timestamp } = stored;
      await publishBeta({ type: 'beta_update', payload: { id, title, message, type, timestamp } });
      return stored;
    },

    async listUpdatesForAdmin(): Promise<{ updates: AdminBetaUpdate[] }> {
      const rows = await repository.listUpdatesWithReach(UPDATES_LISTED);
      return {
        updates: rows.map((row) => ({
          ...toStored(row),
          posted_by: row.postedBy,
          reach: { delivered_live: row.deliveredLive, read_later: row.readLater, not_yet_read: row.notYetRead },
        })),
      };
    },
  };
}

/** A beta user's "What's new": the feed and what they have read. */
function createBetaFeed({ repository, now = () => new Date() }: BetaDeps) {
  /** Outside the programme there are no updates: marking one is 404, as for an id that does not exist. */
  async function assertVisibleUpdate(userId: string, updateId: string) {
    if (!(await repository.isBetaUser(userId)) || !(await repository.updateExists(updateId))) throw unknownUpdate();
  }

  return {
    /** Non-beta users get an empty list that says so, so the header can hide the entry without an error. */
    async feedOf(userId: string): Promise<BetaFeed> {
      if (!(await repository.isBetaUser(userId))) return { beta_access: false, unread_count: 0, updates: [] };
      const rows = await repository.feedOf(userId, UPDATES_LISTED);
      return {
        beta_access: true,
        unread_count: await repository.unreadCount(userId),
        updates: rows.map((row) => ({ ...toStored(row), read: row.read })),
      };
    },

    async markRead(userId: string, updateId: string) {
      await assertVisibleUpdate(userId, updateId);
      await repository.markRead(userId, updateId, now());
      return { unread_count: await repository.unreadCount(userId) };
    },

    async markAllRead(userId: string) {
      if (!(await repository.isBetaUser(userId))) return { unread_count: 0 };
      await repository.markAllRead(userId, now());
      return { unread_count: await repository.unreadCount(userId) };
    },

    /** The tab showed the update as a toast while it was live. */
    async acknowledgeDelivery(userId: string, updateId: string) {
      await assertVisibleUpdate(userId, updateId);
      await repository.markDelivered(userId, updateId, now());
      return { unread_count: await repository.unreadCount(userId) };
    },
  };
}

/** The beta programme: who is in it, the updates admins post, and what each beta user has seen. */
export function createBetaService(deps: BetaDeps) {
  return { ...createBetaMembership(deps), ...createBetaPosting(deps), ...createBetaFeed(deps) };
}
export type BetaService = ReturnType<typeof createBetaService>;
