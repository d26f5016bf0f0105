ALTER TABLE "account_states" ADD COLUMN "plan_status" text;--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "plan_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "plan_grace_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "plan_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_states_sync_plan() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE account_states SET plan_tier = NULL, plan_status = NULL, plan_period_end = NULL, plan_grace_ends_at = NULL
      WHERE user_id = OLD.user_id;
  ELSE
    UPDATE account_states SET plan_tier = NEW.tier, plan_status = NEW.status, plan_period_end = NEW.current_period_end,
        plan_grace_ends_at = NEW.grace_ends_at
      WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_states_sync_schedule() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE account_states SET plan_cancel_at_period_end = false WHERE user_id = OLD.user_id;
  ELSE
    UPDATE account_states SET plan_cancel_at_period_end = NEW.cancel_at_period_end WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER subscription_schedules_account_state AFTER INSERT OR UPDATE OR DELETE ON subscription_schedules FOR EACH ROW EXECUTE FUNCTION account_states_sync_schedule();--> statement-breakpoint
UPDATE account_states a SET plan_status = s.status, plan_period_end = s.current_period_end, plan_grace_ends_at = s.grace_ends_at
  FROM subscriptions s WHERE s.user_id = a.user_id;--> statement-breakpoint
UPDATE account_states a SET plan_cancel_at_period_end = sch.cancel_at_period_end
  FROM subscription_schedules sch WHERE sch.user_id = a.user_id;
