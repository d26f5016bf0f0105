import { z } from 'zod';
import { oneLineTextSchema, PERSON_NAME_MAX_LENGTH } from './input.ts';
import {
  COLOR_CONTRASTS,
  COMFORT_MODES,
  clampStep,
  DATE_FORMATS,
  FONT_FAMILIES,
  PRIMARY_LANGUAGES,
  TIME_FORMATS,
} from './profile-display.ts';

export * from './profile-display.ts';

const stepSchema = z.number().finite().transform(clampStep);

export const emailNotificationsSchema = z
  .object({ new_courses: z.boolean(), weekly_summary: z.boolean(), ai_prompts: z.boolean() })
  .strict();
export const appRemindersSchema = z.object({ study_streak: z.boolean(), module_nudges: z.boolean() }).strict();
export const calendarSyncSchema = z.object({ google: z.boolean(), outlook: z.boolean() }).strict();

export const profileSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  bio: z.string().nullable(),
  timezone: z.string(),
  primary_language: z.enum(PRIMARY_LANGUAGES),
  comfort_mode: z.enum(COMFORT_MODES),
  time_format: z.enum(TIME_FORMATS),
  date_format: z.enum(DATE_FORMATS),
  font_family: z.enum(FONT_FAMILIES),
  color_contrast: z.enum(COLOR_CONTRASTS),
  dual_language_enabled: z.boolean(),
  text_size: z.number().int(),
  line_spacing: z.number().int(),
  push_notifications_enabled: z.boolean(),
  two_factor_enabled: z.boolean(),
  speech_to_text_enabled: z.boolean(),
  email_notifications: emailNotificationsSchema,
  app_reminders: appRemindersSchema,
  calendar_sync: calendarSyncSchema,
  learning_styles: z.array(z.string()),
  beta_access: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export function isValidTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Fields a user may change on their own profile (beta access is granted by admins). */
export const profileUpdateSchema = z
  .object({
    full_name: oneLineTextSchema(PERSON_NAME_MAX_LENGTH).nullable(),
    display_name: oneLineTextSchema(60).nullable(),
    bio: z.string().trim().max(1000).nullable(),
    timezone: z.string().max(64).refine(isValidTimezone, 'Unknown time zone'),
    primary_language: z.enum(PRIMARY_LANGUAGES),
    comfort_mode: z.enum(COMFORT_MODES),
    time_format: z.enum(TIME_FORMATS),
    date_format: z.enum(DATE_FORMATS),
    font_family: z.enum(FONT_FAMILIES),
    color_contrast: z.enum(COLOR_CONTRASTS),
    dual_language_enabled: z.boolean(),
    text_size: stepSchema,
    line_spacing: stepSchema,
    push_notifications_enabled: z.boolean(),
    speech_to_text_enabled: z.boolean(),
    email_notifications: emailNotificationsSchema,
    app_reminders: appRemindersSchema,
    calendar_sync: calendarSyncSchema,
    learning_styles: z.array(oneLineTextSchema(40).min(1)).max(10),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
