import type { Profile } from '@portal/shared/profile';
import type { ProfileRow } from './profile.repository.ts';

export function presentProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    full_name: row.fullName,
    display_name: row.displayName,
    email: row.email,
    bio: row.bio,
    timezone: row.timezone,
    primary_language: row.primaryLanguage as Profile['primary_language'],
    comfort_mode: row.comfortMode as Profile['comfort_mode'],
    time_format: row.timeFormat as Profile['time_format'],
    date_format: row.dateFormat as Profile['date_format'],
    font_family: row.fontFamily as Profile['font_family'],
    color_contrast: row.colorContrast as Profile['color_contrast'],
    dual_language_enabled: row.dualLanguageEnabled,
    text_size: row.textSize,
    line_spacing: row.lineSpacing,
    push_notifications_enabled: row.pushNotificationsEnabled,
    two_factor_enabled: row.twoFactorEnabled,
    speech_to_text_enabled: row.speechToTextEnabled,
    email_notifications: row.emailNotifications,
    app_reminders: row.appReminders,
    calendar_sync: row.calendarSync,
    learning_styles: row.learningStyles,
    beta_access: row.betaAccess,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
