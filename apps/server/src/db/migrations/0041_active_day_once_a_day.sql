-- A learner's active day is noted when a row's moment moves to another UTC day: a moment moving within its day (a
-- progress report, a SCORM commit, a session refreshed) notes a day already noted when the moment was first written.
DROP TRIGGER lesson_progress_active_day_moved ON lesson_progress;--> statement-breakpoint
CREATE TRIGGER lesson_progress_active_day_moved AFTER UPDATE ON lesson_progress FOR EACH ROW
  WHEN ((OLD.last_activity_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW.last_activity_at AT TIME ZONE 'UTC')::date
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
DROP TRIGGER scorm_attempts_active_day_moved ON scorm_attempts;--> statement-breakpoint
CREATE TRIGGER scorm_attempts_active_day_moved AFTER UPDATE ON scorm_attempts FOR EACH ROW
  WHEN ((OLD.updated_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW.updated_at AT TIME ZONE 'UTC')::date
    OR OLD.learner_id IS DISTINCT FROM NEW.learner_id)
  EXECUTE FUNCTION learner_active_days_note();--> statement-breakpoint
DROP TRIGGER sessions_active_day_moved ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_active_day_moved AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.updated_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW.updated_at AT TIME ZONE 'UTC')::date
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION learner_active_days_note();
