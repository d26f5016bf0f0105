ALTER TABLE "goals" DROP CONSTRAINT "goals_kind_check";--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "target_xp" integer;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_weekly_xp_check" CHECK ("goals"."kind" <> 'xp_weekly' or "goals"."target_xp" > 0);--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_kind_check" CHECK ("goals"."kind" in ('course_by_date', 'study_minutes_weekly', 'xp_weekly', 'checklist'));