-- Every instance keeps resolved sessions in memory (auth plugin); these notices drop the stale ones on every
-- instance as the change commits: a session signed out, revoked, refreshed or deleted; a user changed or deleted.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', json_build_object('s', OLD.id, 'u', OLD.user_id)::text);
  ELSE
    PERFORM pg_notify('session_changes', json_build_object('u', OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
