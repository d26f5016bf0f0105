import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    displayName: text('display_name'),
    email: text('email'),
    bio: text('bio'),
    timezone: text('timezone').notNull().default('UTC'),
    primaryLanguage: text('primary_language').notNull().default('English'),
    comfortMode: text('comfort_mode').notNull().default('Normal'),
    timeFormat: text('time_format').notNull().default('12h'),
    dateFormat: text('date_format').notNull().default('US'),
    fontFamily: text('font_family').notNull().default('System'),
    colorContrast: text('color_contrast').notNull().default('Standard'),
    dualLanguageEnabled: boolean('dual_language_enabled').notNull().default(false),
    textSize: smallint('text_size').notNull().default(3),
    lineSpacing: smallint('line_spacing').notNull().default(3),
    pushNotificationsEnabled: boolean('push_notifications_enabled').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    speechToTextEnabled: boolean('speech_to_text_enabled').notNull().default(false),
    emailNotifications: jsonb('email_notifications')
      .$type<{ new_courses: boolean; weekly_summary: boolean; ai_prompts: boolean }>()
      .notNull(),
    appReminders: jsonb('app_reminders').$type<{ study_streak: boolean; module_nudges: boolean }>().notNull(),
    calendarSync: jsonb('calendar_sync').$type<{ google: boolean; outlook: boolean }>().notNull(),
    learningStyles: text('learning_styles').array().notNull().default(sql`'{}'::text[]`),
    betaAccess: boolean('beta_access').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('profiles_text_size_check', sql`${table.textSize} between 1 and 5`),
    check('profiles_line_spacing_check', sql`${table.lineSpacing} between 1 and 5`),
  ],
);
