import { z } from 'zod';
import { oneLineTextSchema, PERSON_NAME_MAX_LENGTH } from './input.ts';

export const PRIMARY_LANGUAGES = ['English', 'Spanish', 'Chinese', 'Hindi', 'French', 'German'] as const;
export const COMFORT_MODES = ['Normal', 'Focus Mode', 'Low-Stimulus'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;
export const DATE_FORMATS = ['US', 'EU', 'ISO'] as const;
export const FONT_FAMILIES = ['System', 'OpenDyslexic', 'Arial', 'Georgia', 'Cursive'] as const;
export const COLOR_CONTRASTS = ['Standard', 'High'] as const;

/** Profile language names mapped to language codes. */
export const PROFILE_LANGUAGE_CODES: Record<(typeof PRIMARY_LANGUAGES)[number], string> = {
  English: 'en',
  Spanish: 'es',
  Chinese: 'zh',
  Hindi: 'hi',
  French: 'fr',
  German: 'de',
};

export const STEP_MIN = 1;
export const STEP_MAX = 5;
export const STEP_DEFAULT = 3;

export function clampStep(value: number): number {
  return Math.min(STEP_MAX, Math.max(STEP_MIN, Math.round(value)));
}

/** Font size in px: 16 x (0.75 + 0.125 per step above 1). */
export function textSizePx(step: number): number {
  return 16 * (0.75 + 0.125 * (clampStep(step) - 1));
}

/** Line height: 1 + 0.25 per step above 1. */
export function lineHeightFor(step: number): number {
  return 1 + 0.25 * (clampStep(step) - 1);
}

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

export const PROFILE_DEFAULTS = {
  timezone: 'UTC',
  primary_language: 'English',
  comfort_mode: 'Normal',
  time_format: '12h',
  date_format: 'US',
  font_family: 'System',
  color_contrast: 'Standard',
  dual_language_enabled: false,
  text_size: STEP_DEFAULT,
  line_spacing: STEP_DEFAULT,
  push_notifications_enabled: false,
  two_factor_enabled: false,
  speech_to_text_enabled: false,
  email_notifications: { new_courses: true, weekly_summary: true, ai_prompts: false },
  app_reminders: { study_streak: true, module_nudges: true },
  calendar_sync: { google: false, outlook: false },
  learning_styles: [] as string[],
  beta_access: false,
} as const satisfies Partial<Profile>;

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
