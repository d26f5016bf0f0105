-- Every instance keeps each user's roles in memory beside their sessions (auth plugin). A role granted or taken away
-- notifies like a change of the user, so every instance drops the user's kept roles and sessions as it commits.
CREATE OR REPLACE FUNCTION notify_role_change() RETURNS trigger AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('session_changes', json_build_object('u', changed.user_id)::text);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM pg_notify('session_changes', json_build_object('u', OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_roles_notify_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_role_change();
