CREATE TABLE "account_states" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspended_by" text
);
--> statement-breakpoint
ALTER TABLE "account_states" ADD CONSTRAINT "account_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_states_last_active_idx" ON "account_states" USING btree ("last_active_at","user_id");--> statement-breakpoint
CREATE INDEX "account_states_suspended_idx" ON "account_states" USING btree ("user_id") WHERE "account_states"."suspended_at" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_states_for_new_user() RETURNS trigger AS $$
BEGIN
  INSERT INTO account_states (user_id, last_active_at) VALUES (NEW.id, NEW.created_at) ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_account_state AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION account_states_for_new_user();--> statement-breakpoint
INSERT INTO account_states (user_id, last_active_at)
SELECT u.id, greatest(u.created_at, coalesce((SELECT max(s.updated_at) FROM sessions s WHERE s.user_id = u.id), u.created_at))
FROM users u ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name" || ' ' || "email" || ' ' || coalesce("phone_number", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_lower_name_id_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_lower_email_id_idx" ON "users" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "user_roles_role_user_idx" ON "user_roles" USING btree ("role","user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_tier_idx" ON "subscriptions" USING btree ("tier","user_id");--> statement-breakpoint
CREATE INDEX "profiles_beta_idx" ON "profiles" USING btree ("id") WHERE "beta_access";
