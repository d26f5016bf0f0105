-- Sessions are cached with the user's effective role (auth plugin): a role granted or taken away drops the user's
-- cached sessions on every instance as the change commits, through the same channel as session changes (0029).
CREATE OR REPLACE FUNCTION notify_role_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_changes', json_build_object('u', COALESCE(NEW.user_id, OLD.user_id))::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('session_changes', json_build_object('u', OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_roles_notify_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_role_change();
