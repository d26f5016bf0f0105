ALTER TABLE "scorm_sequencing_states" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scorm_sequencing_states" ADD COLUMN "saved_by" text;