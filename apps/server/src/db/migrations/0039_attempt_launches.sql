ALTER TABLE "scorm_attempts" ADD COLUMN "launch_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD COLUMN "commit_launch" integer DEFAULT 0 NOT NULL;