CREATE TABLE "learner_active_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "learner_active_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "learner_active_days" ADD CONSTRAINT "learner_active_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_active_days_day_user_idx" ON "learner_active_days" USING btree ("day","user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION learner_active_days_note() RETURNS trigger AS $$
DECLARE
  who text;
  happened timestamptz;
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'learning_time_hourly' THEN who := NEW.user_id; happened := NEW.hour;
    WHEN 'user_xp' THEN who := NEW.user_id; happened := NEW.created_at;
    WHEN 'sessions' THEN who := NEW.user_id; happened := NEW.updated_at;
    WHEN 'lesson_progress' THEN who := NEW.user_id; happened := NEW.last_activity_at;
    WHEN 'scorm_attempts' THEN who := NEW.learner_id; happened := NEW.updated_at;
  END CASE;
  INSERT INTO learner_active_days (user_id, day) VALUES (who, (happened AT TIME ZONE 'UTC')::date) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER learning_time_hourly_active_day AFTER INSERT ON learning_time_hourly FOR EACH ROW EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER learning_time_hourly_active_day_moved AFTER UPDATE ON learning_time_hourly FOR EACH ROW WHEN (OLD.hour IS DISTINCT FROM NEW.hour OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER user_xp_active_day AFTER INSERT ON user_xp FOR EACH ROW WHEN (NEW.kind = 'award') EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER user_xp_active_day_moved AFTER UPDATE ON user_xp FOR EACH ROW WHEN (NEW.kind = 'award' AND (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.kind IS DISTINCT FROM NEW.kind)) EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER sessions_active_day AFTER INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER sessions_active_day_moved AFTER UPDATE ON sessions FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER lesson_progress_active_day AFTER INSERT ON lesson_progress FOR EACH ROW EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER lesson_progress_active_day_moved AFTER UPDATE ON lesson_progress FOR EACH ROW WHEN (OLD.last_activity_at IS DISTINCT FROM NEW.last_activity_at OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER scorm_attempts_active_day AFTER INSERT ON scorm_attempts FOR EACH ROW EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
CREATE TRIGGER scorm_attempts_active_day_moved AFTER UPDATE ON scorm_attempts FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at OR OLD.learner_id IS DISTINCT FROM NEW.learner_id) EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
INSERT INTO learner_active_days (user_id, day)
SELECT activity.user_id, (activity.at AT TIME ZONE 'UTC')::date FROM (
  SELECT user_id, hour AS at FROM learning_time_hourly
  UNION ALL SELECT user_id, created_at FROM user_xp WHERE kind = 'award'
  UNION ALL SELECT user_id, updated_at FROM sessions
  UNION ALL SELECT user_id, last_activity_at FROM lesson_progress
  UNION ALL SELECT learner_id, updated_at FROM scorm_attempts
) activity
GROUP BY 1, 2 ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lesson_progress_completed_idx" ON "lesson_progress" USING btree ("completed_at") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_progress_completed_idx" ON "course_progress" USING btree ("completed_at") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "scorm_attempts_started_idx" ON "scorm_attempts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "sent_at" IS NOT NULL;
