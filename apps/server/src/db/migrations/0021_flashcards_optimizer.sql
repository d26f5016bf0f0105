CREATE TABLE "flashcard_optimizer_runs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"review_count" integer NOT NULL,
	"metrics" jsonb,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "flashcard_optimizer_runs_status_check" CHECK ("flashcard_optimizer_runs"."status" in ('running', 'optimized', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "flashcard_settings" ADD COLUMN "weights" double precision[];--> statement-breakpoint
ALTER TABLE "flashcard_optimizer_runs" ADD CONSTRAINT "flashcard_optimizer_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;