-- Every instance keeps each user's own plan in memory for the access checks. A change to a user's subscription or its
-- schedule notifies with the user's id, so every instance drops its copy as the change commits.
CREATE OR REPLACE FUNCTION notify_plan_change() RETURNS trigger AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('plan_changes', changed.user_id);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM pg_notify('plan_changes', OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_plan_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_plan_change();--> statement-breakpoint
CREATE TRIGGER subscription_schedules_notify_plan_change AFTER INSERT OR UPDATE OR DELETE ON subscription_schedules
  FOR EACH ROW EXECUTE FUNCTION notify_plan_change();
