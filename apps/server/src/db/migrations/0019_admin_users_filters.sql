DROP INDEX "flashcard_cards_note_ordinal_idx";--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "role" text DEFAULT 'learner' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "plan_tier" text;--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "beta_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcard_decks" ADD COLUMN "course_id" uuid;--> statement-breakpoint
ALTER TABLE "flashcard_notes" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "flashcard_notes" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "flashcard_notes" ADD COLUMN "lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "flashcard_notes" ADD COLUMN "source_course_id" uuid;--> statement-breakpoint
ALTER TABLE "flashcard_decks" ADD CONSTRAINT "flashcard_decks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_notes" ADD CONSTRAINT "flashcard_notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_notes" ADD CONSTRAINT "flashcard_notes_source_course_id_courses_id_fk" FOREIGN KEY ("source_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_states_role_idx" ON "account_states" USING btree ("role","user_id");--> statement-breakpoint
CREATE INDEX "account_states_plan_tier_idx" ON "account_states" USING btree ("plan_tier","user_id");--> statement-breakpoint
CREATE INDEX "account_states_beta_idx" ON "account_states" USING btree ("user_id") WHERE "account_states"."beta_access";--> statement-breakpoint
CREATE UNIQUE INDEX "flashcard_cards_user_note_ordinal_idx" ON "flashcard_cards" USING btree ("user_id","note_id","ordinal");--> statement-breakpoint
CREATE INDEX "flashcard_cards_note_idx" ON "flashcard_cards" USING btree ("note_id","ordinal");--> statement-breakpoint
CREATE INDEX "flashcard_decks_course_idx" ON "flashcard_decks" USING btree ("course_id") WHERE "flashcard_decks"."course_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "flashcard_notes_user_source_idx" ON "flashcard_notes" USING btree ("user_id","source_key") WHERE "flashcard_notes"."source_key" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_states_sync_role() RETURNS trigger AS $$
DECLARE
  target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE account_states SET role = CASE
      WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = target AND r.role = 'admin') THEN 'admin'
      WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = target AND r.role = 'instructor') THEN 'instructor'
      ELSE 'learner' END
    WHERE user_id = target;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_roles_account_state AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION account_states_sync_role();--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_states_sync_plan() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE account_states SET plan_tier = NULL WHERE user_id = OLD.user_id;
  ELSE
    UPDATE account_states SET plan_tier = NEW.tier WHERE user_id = NEW.user_id AND plan_tier IS DISTINCT FROM NEW.tier;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER subscriptions_account_state AFTER INSERT OR UPDATE OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION account_states_sync_plan();--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_states_sync_beta() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE account_states SET beta_access = false WHERE user_id = OLD.id;
  ELSE
    UPDATE account_states SET beta_access = NEW.beta_access WHERE user_id = NEW.id AND beta_access IS DISTINCT FROM NEW.beta_access;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER profiles_account_state AFTER INSERT OR UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION account_states_sync_beta();--> statement-breakpoint
UPDATE account_states a SET
  role = CASE
    WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = a.user_id AND r.role = 'admin') THEN 'admin'
    WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = a.user_id AND r.role = 'instructor') THEN 'instructor'
    ELSE 'learner' END,
  plan_tier = (SELECT s.tier FROM subscriptions s WHERE s.user_id = a.user_id),
  beta_access = coalesce((SELECT p.beta_access FROM profiles p WHERE p.id = a.user_id), false);--> statement-breakpoint
DROP INDEX IF EXISTS "user_roles_role_user_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "subscriptions_tier_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_beta_idx";
