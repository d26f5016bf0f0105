import type { Profile } from './profile.ts';

// The display choices of a profile and their defaults, without the profile schemas (no zod): every page applies
// them before its first paint.
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
