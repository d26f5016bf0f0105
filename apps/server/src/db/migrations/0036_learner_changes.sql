-- Every instance keeps each learner's home (stats, the last 14 days, insights) in memory until what it is made of
-- changes. A change to a learner's own rows notifies with the learner's id; a change to what every home shows of a
-- course (its title, whether it is published, a lesson's title) notifies '*'. The instance that wrote also drops its
-- own copy at once.
CREATE OR REPLACE FUNCTION notify_learner_change() RETURNS trigger AS $$
DECLARE
  learner text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    learner := to_jsonb(OLD) ->> TG_ARGV[0];
    IF learner IS NOT NULL THEN PERFORM pg_notify('learner_changes', learner); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    learner := to_jsonb(NEW) ->> TG_ARGV[0];
    IF learner IS NOT NULL THEN PERFORM pg_notify('learner_changes', learner); END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_goal_item_change() RETURNS trigger AS $$
DECLARE
  changed record;
  learner text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  -- A goal deleted with its items notifies for itself; its items find no goal here.
  SELECT g.user_id INTO learner FROM goals g WHERE g.id = changed.goal_id;
  IF learner IS NOT NULL THEN PERFORM pg_notify('learner_changes', learner); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_all_learners_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('learner_changes', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DO $$
DECLARE
  learner_table text;
BEGIN
  FOREACH learner_table IN ARRAY ARRAY['learning_time_hourly', 'learning_time_totals', 'user_xp', 'xp_accounts',
    'streaks', 'user_badges', 'achievements', 'course_progress', 'quiz_attempts', 'goals']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'FOR EACH ROW EXECUTE FUNCTION notify_learner_change(''user_id'')', learner_table || '_notify_learner', learner_table);
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER goal_checklist_items_notify_learner AFTER INSERT OR UPDATE OR DELETE ON goal_checklist_items
  FOR EACH ROW EXECUTE FUNCTION notify_goal_item_change();--> statement-breakpoint
CREATE TRIGGER profiles_notify_learner AFTER INSERT OR UPDATE OF timezone OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_learner_change('id');--> statement-breakpoint
CREATE TRIGGER courses_notify_learners AFTER INSERT OR UPDATE OF title, status OR DELETE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_learners_change();--> statement-breakpoint
CREATE TRIGGER lessons_notify_learners AFTER UPDATE OF title OR DELETE ON lessons
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_learners_change();
