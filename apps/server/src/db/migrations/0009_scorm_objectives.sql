CREATE TABLE "scorm_objectives" (
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"objective_id" text NOT NULL,
	"description" text,
	"completion_status" text NOT NULL,
	"success_status" text NOT NULL,
	"score_raw" double precision,
	"score_scaled" double precision,
	"progress_measure" double precision,
	CONSTRAINT "scorm_objectives_attempt_position_unique" UNIQUE("attempt_id","position")
);
--> statement-breakpoint
ALTER TABLE "scorm_objectives" ADD CONSTRAINT "scorm_objectives_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorm_objectives_objective_idx" ON "scorm_objectives" USING btree ("objective_id");