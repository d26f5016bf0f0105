import type { AccountDataRepository, Row } from './account-data.repository.ts';

export type ExportSubject = { id: string; email: string; phoneNumber: string | null };

/** One section of the export; `read` answers undefined to leave the section out. */
export type Exporter = {
  section: string;
  read: (context: { repository: AccountDataRepository; user: ExportSubject }) => Promise<unknown>;
};

/** Columns never exported from any table: credentials, session tokens, two-factor secrets and backup codes. */
const SECRET_COLUMNS = new Set([
  'password',
  'token',
  'secret',
  'backup_codes',
  'access_token',
  'refresh_token',
  'id_token',
]);

function withoutSecrets(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.has(column)));
}

function byCreation(a: Row, b: Row): number {
  const at = (row: Row) => (typeof row.created_at === 'string' ? Date.parse(row.created_at) : 0);
  return at(a) - at(b);
}

/**
 * The rows of one table that belong to the user (by `userColumn`, default `user_id`); `single` for tables with one
 * row per user. A table that does not exist yet is left out of the export.
 */
export function tableExporter({
  section,
  table,
  userColumn = 'user_id',
  columns,
  single = false,
}: {
  section: string;
  table: string;
  userColumn?: string;
  columns?: readonly string[];
  single?: boolean;
}): Exporter {
  return {
    section,
    async read({ repository, user }) {
      if (!(await repository.tableExists(table))) return undefined;
      const rows = await repository.rowsOfUser({ table, userColumn, userId: user.id, columns });
      const safe = rows.map(withoutSecrets).sort(byCreation);
      return single ? (safe[0] ?? null) : safe;
    },
  };
}

/** Rows of a table that hang off another of the user's tables (a goal's checklist items, say). */
export function childTableExporter({
  section,
  table,
  foreignKey,
  parentTable,
  parentUserColumn = 'user_id',
}: {
  section: string;
  table: string;
  foreignKey: string;
  parentTable: string;
  parentUserColumn?: string;
}): Exporter {
  return {
    section,
    async read({ repository, user }) {
      if (!(await repository.tableExists(table))) return undefined;
      const rows = await repository.childRowsOfUser({
        table,
        foreignKey,
        parentTable,
        parentUserColumn,
        userId: user.id,
      });
      return rows.map(withoutSecrets).sort(byCreation);
    },
  };
}

// Links and codes in sent messages could still sign someone in, so the export keeps the words and drops those.
const LINK_QUERY = /(https?:\/\/[^\s?#]+)\?\S*/g;
const ONE_TIME_CODE = /\b\d{6}\b/g;

export function redactCredentials(text: string): string {
  return text.replace(LINK_QUERY, '$1?[removed]').replace(ONE_TIME_CODE, '[code removed]');
}

const messagesExporter: Exporter = {
  section: 'messages',
  async read({ repository, user }) {
    const recipients = [user.email, user.phoneNumber].filter((recipient): recipient is string => Boolean(recipient));
    const messages = await repository.messagesTo(recipients);
    return messages.map((message) => ({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      text: redactCredentials(message.text),
      created_at: message.createdAt,
      sent_at: message.sentAt,
    }));
  },
};

/** Everything we hold on a user, one line per source; a new table of personal data needs one more line here. */
export const ACCOUNT_EXPORTERS: Exporter[] = [
  tableExporter({
    section: 'user',
    table: 'users',
    userColumn: 'id',
    single: true,
    columns: [
      'id',
      'name',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      'image',
      'two_factor_enabled',
      'created_at',
      'updated_at',
    ],
  }),
  tableExporter({ section: 'profile', table: 'profiles', userColumn: 'id', single: true }),
  tableExporter({ section: 'roles', table: 'user_roles', columns: ['role', 'created_at'] }),
  tableExporter({ section: 'account_state', table: 'account_states', single: true }),
  tableExporter({ section: 'active_days', table: 'learner_active_days', columns: ['day'] }),
  tableExporter({ section: 'subscription', table: 'subscriptions', single: true }),
  tableExporter({
    section: 'checkout_sessions',
    table: 'billing_checkout_sessions',
    columns: ['id', 'provider', 'tier', 'interval', 'amount', 'currency', 'status', 'paid_at', 'created_at'],
  }),
  tableExporter({ section: 'invoices', table: 'billing_invoices' }),
  tableExporter({
    section: 'payment_provider_customer',
    table: 'billing_customers',
    columns: ['stripe_customer_id', 'stripe_subscription_id', 'language', 'updated_at'],
    single: true,
  }),
  tableExporter({
    section: 'sessions',
    table: 'sessions',
    columns: ['id', 'created_at', 'updated_at', 'expires_at', 'ip_address', 'user_agent'],
  }),
  tableExporter({
    section: 'sign_in_methods',
    table: 'accounts',
    columns: ['provider_id', 'created_at', 'updated_at'],
  }),
  messagesExporter,
  tableExporter({ section: 'consent', table: 'user_consent' }),
  tableExporter({
    section: 'calendar_feed',
    table: 'calendar_feeds',
    columns: ['created_at', 'last_fetched_at'],
    single: true,
  }),
  tableExporter({
    section: 'activity_events',
    table: 'domain_events',
    columns: ['type', 'subject_id', 'payload', 'occurred_at'],
  }),
  tableExporter({ section: 'course_progress', table: 'course_progress' }),
  tableExporter({ section: 'lesson_progress', table: 'lesson_progress' }),
  tableExporter({ section: 'module_completions', table: 'module_completions' }),
  tableExporter({ section: 'quiz_attempts', table: 'quiz_attempts' }),
  tableExporter({ section: 'goals', table: 'goals' }),
  childTableExporter({
    section: 'goal_checklist_items',
    table: 'goal_checklist_items',
    foreignKey: 'goal_id',
    parentTable: 'goals',
  }),
  tableExporter({ section: 'notes', table: 'notes' }),
  tableExporter({ section: 'study_sessions', table: 'study_sessions' }),
  tableExporter({ section: 'flashcard_decks', table: 'flashcard_decks' }),
  tableExporter({ section: 'flashcard_notes', table: 'flashcard_notes' }),
  tableExporter({ section: 'flashcard_cards', table: 'flashcard_cards' }),
  tableExporter({ section: 'flashcard_reviews', table: 'flashcard_review_logs' }),
  tableExporter({ section: 'flashcard_settings', table: 'flashcard_settings', single: true }),
  tableExporter({ section: 'flashcard_optimizer_runs', table: 'flashcard_optimizer_runs', single: true }),
  tableExporter({ section: 'coach_conversations', table: 'coach_conversations' }),
  tableExporter({ section: 'coach_messages', table: 'coach_messages' }),
  tableExporter({ section: 'coach_daily_usage', table: 'coach_daily_usage' }),
  tableExporter({ section: 'learning_time_by_hour', table: 'learning_time_hourly' }),
  tableExporter({ section: 'learning_time_total', table: 'learning_time_totals', single: true }),
  tableExporter({ section: 'xp_account', table: 'xp_accounts', single: true }),
  tableExporter({ section: 'xp_ledger', table: 'user_xp' }),
  tableExporter({ section: 'xp_award_counts', table: 'xp_award_counts' }),
  tableExporter({ section: 'badges', table: 'user_badges' }),
  tableExporter({ section: 'achievements', table: 'achievements' }),
  tableExporter({ section: 'live_attendance', table: 'live_attendance' }),
  tableExporter({ section: 'live_room_participation', table: 'live_room_participants' }),
  tableExporter({ section: 'live_chat_messages', table: 'live_chat_messages' }),
  tableExporter({ section: 'live_poll_votes', table: 'live_poll_votes' }),
  tableExporter({ section: 'streaks', table: 'streaks' }),
  tableExporter({
    section: 'game_rounds',
    table: 'game_rounds',
    columns: ['id', 'game', 'difficulty', 'timed', 'issued_at', 'finished_at', 'score', 'elapsed_ms'],
  }),
  tableExporter({ section: 'game_bests', table: 'game_bests' }),
  tableExporter({ section: 'streak_freeze_days', table: 'streak_freeze_days' }),
  tableExporter({ section: 'purchases', table: 'purchases' }),
  tableExporter({ section: 'coupon_redemptions', table: 'coupon_redemptions' }),
  tableExporter({ section: 'beta_update_receipts', table: 'beta_update_receipts' }),
  tableExporter({ section: 'live_series_hosted', table: 'live_series', userColumn: 'host_id' }),
  tableExporter({ section: 'live_sessions_hosted', table: 'live_sessions', userColumn: 'host_id' }),
  tableExporter({ section: 'live_invitations', table: 'live_invites' }),
  tableExporter({ section: 'live_rsvps', table: 'live_rsvps' }),
  tableExporter({ section: 'live_reminders_received', table: 'live_reminders_sent' }),
  tableExporter({ section: 'subscription_schedule', table: 'subscription_schedules', single: true }),
  tableExporter({ section: 'payment_method', table: 'sandbox_payment_methods', single: true }),
  tableExporter({ section: 'scorm_enrollments', table: 'scorm_enrollments', userColumn: 'learner_id' }),
  tableExporter({ section: 'scorm_attempts', table: 'scorm_attempts', userColumn: 'learner_id' }),
  tableExporter({ section: 'scorm_sequencing_states', table: 'scorm_sequencing_states', userColumn: 'learner_id' }),
  tableExporter({ section: 'scorm_shared_data', table: 'scorm_shared_data', userColumn: 'learner_id' }),
  childTableExporter({
    section: 'scorm_attempt_data',
    table: 'scorm_attempt_data',
    foreignKey: 'attempt_id',
    parentTable: 'scorm_attempts',
    parentUserColumn: 'learner_id',
  }),
  childTableExporter({
    section: 'scorm_interactions',
    table: 'scorm_interactions',
    foreignKey: 'attempt_id',
    parentTable: 'scorm_attempts',
    parentUserColumn: 'learner_id',
  }),
  tableExporter({
    section: 'contact_messages',
    table: 'contact_messages',
    columns: ['id', 'name', 'email', 'topic', 'message', 'status', 'language', 'created_at', 'updated_at'],
  }),
  childTableExporter({
    section: 'contact_replies',
    table: 'contact_replies',
    foreignKey: 'message_id',
    parentTable: 'contact_messages',
  }),
  tableExporter({ section: 'reminders_received', table: 'learner_nudges', columns: ['id', 'created_at'] }),
  tableExporter({ section: 'audit_events', table: 'audit_events' }),
];
