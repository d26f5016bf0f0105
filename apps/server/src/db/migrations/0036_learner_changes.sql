-- Every instance keeps each learner's home (stats, the last 14 days, insights) until what it is made of changes. The
-- app tells every instance of a learner's own writes and of their XP as they commit; goals also change in work that
-- follows a learner's activity (a goal reached), so a change to a goal or its checklist notifies with the learner's id.
-- The hot tables (learning time, XP, progress) have no such trigger: a NOTIFY in a transaction holds a lock that
-- serializes the commits of every notifying transaction, which would queue every learner's writes behind each other.
CREATE OR REPLACE FUNCTION notify_goal_change() RETURNS trigger AS $$
DECLARE
  changed record;
  learner text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'goals' THEN
    learner := changed.user_id;
  ELSE
    -- A goal deleted with its items notifies for itself; its items find no goal here.
    SELECT g.user_id INTO learner FROM goals g WHERE g.id = changed.goal_id;
  END IF;
  IF learner IS NOT NULL THEN PERFORM pg_notify('learner_changes', learner); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER goals_notify_learner AFTER INSERT OR UPDATE OR DELETE ON goals
  FOR EACH ROW EXECUTE FUNCTION notify_goal_change();--> statement-breakpoint
CREATE TRIGGER goal_checklist_items_notify_learner AFTER INSERT OR UPDATE OR DELETE ON goal_checklist_items
  FOR EACH ROW EXECUTE FUNCTION notify_goal_change();
