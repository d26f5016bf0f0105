-- Every instance keeps some rows in memory that almost never change: course outlines (read by every progress report),
-- the gamification settings (read by every award) and each learner's time zone. These notices drop the stale copies
-- on every instance as the change commits; the instance that wrote also drops its own at once.
CREATE OR REPLACE FUNCTION notify_course_change() RETURNS trigger AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'courses' THEN
    PERFORM pg_notify('course_changes', changed.id::text);
  ELSE
    PERFORM pg_notify('course_changes', changed.course_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER courses_notify_change AFTER INSERT OR UPDATE OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION notify_course_change();--> statement-breakpoint
CREATE TRIGGER course_modules_notify_change AFTER INSERT OR UPDATE OR DELETE ON course_modules
  FOR EACH ROW EXECUTE FUNCTION notify_course_change();--> statement-breakpoint
CREATE TRIGGER lessons_notify_change AFTER INSERT OR UPDATE OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION notify_course_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_gamification_settings_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('gamification_settings_changes', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER gamification_settings_notify_change AFTER INSERT OR UPDATE OR DELETE ON gamification_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_gamification_settings_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_profile_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('profile_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('profile_changes', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER profiles_notify_change AFTER INSERT OR UPDATE OF timezone OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_profile_change();
