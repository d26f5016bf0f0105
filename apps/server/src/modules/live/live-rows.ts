import type { Db } from '../../db/client.ts';
import type { liveSeries, liveSessions } from './live.table.ts';

export type LiveSessionRow = typeof liveSessions.$inferSelect;
export type LiveSessionInsert = typeof liveSessions.$inferInsert;
export type LiveSeriesInsert = typeof liveSeries.$inferInsert;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is looking: admins see everything; everyone else what the session's audience opens to them. */
export type LiveViewer = { userId: string; isAdmin: boolean; planMemberIds: string[] };

/** A person the hub writes to: their address, language and time zone. */
export type LiveRecipient = { userId: string; email: string; primaryLanguage: string | null; timezone: string | null };

export type LiveSessionDetail = {
  session: LiveSessionRow;
  hostName: string;
  courseTitle: string | null;
  goingCount: number;
  maybeCount: number;
  waitlistCount: number;
};
