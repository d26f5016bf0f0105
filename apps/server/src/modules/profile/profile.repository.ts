import { PROFILE_DEFAULTS, type ProfileUpdate } from '@portal/shared/profile';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from './profile.table.ts';

export type ProfileRow = typeof profiles.$inferSelect;

/** The profile columns a partial update names; absent fields stay undefined and are left as they are. */
function profileColumnsOf(changes: ProfileUpdate) {
  return {
    fullName: changes.full_name,
    displayName: changes.display_name,
    bio: changes.bio,
    timezone: changes.timezone,
    primaryLanguage: changes.primary_language,
    comfortMode: changes.comfort_mode,
    timeFormat: changes.time_format,
    dateFormat: changes.date_format,
    fontFamily: changes.font_family,
    colorContrast: changes.color_contrast,
    dualLanguageEnabled: changes.dual_language_enabled,
    textSize: changes.text_size,
    lineSpacing: changes.line_spacing,
    pushNotificationsEnabled: changes.push_notifications_enabled,
    speechToTextEnabled: changes.speech_to_text_enabled,
    emailNotifications: changes.email_notifications,
    appReminders: changes.app_reminders,
    calendarSync: changes.calendar_sync,
    learningStyles: changes.learning_styles,
  };
}

export function createProfileRepository({ db }: { db: Db }) {
  return {
    async findByUserId(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
      return row;
    },
    /** Inserts the default profile unless one exists; returns the stored profile. */
    async createDefault(userId: string, seed: { fullName?: string | null; email?: string | null }) {
      await db
        .insert(profiles)
        .values({
          id: userId,
          fullName: seed.fullName ?? null,
          displayName: seed.fullName?.split(' ')[0] ?? null,
          email: seed.email ?? null,
          emailNotifications: { ...PROFILE_DEFAULTS.email_notifications },
          appReminders: { ...PROFILE_DEFAULTS.app_reminders },
          calendarSync: { ...PROFILE_DEFAULTS.calendar_sync },
        })
        .onConflictDoNothing();
      const row = await this.findByUserId(userId);
      if (!row) throw new Error('Profile missing after insert');
      return row;
    },
    async syncEmail(userId: string, email: string) {
      await db
        .update(profiles)
        .set({ email, updatedAt: new Date() })
        .where(and(eq(profiles.id, userId), or(isNull(profiles.email), ne(profiles.email, email))));
    },
    async update(userId: string, changes: ProfileUpdate) {
      const [row] = await db
        .update(profiles)
        .set({ ...profileColumnsOf(changes), updatedAt: new Date() })
        .where(eq(profiles.id, userId))
        .returning();
      return row;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
