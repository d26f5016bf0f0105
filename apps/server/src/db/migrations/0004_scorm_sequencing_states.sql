CREATE TABLE "scorm_sequencing_states" (
	"enrollment_id" uuid PRIMARY KEY NOT NULL,
	"learner_id" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_sequencing_states" ADD CONSTRAINT "scorm_sequencing_states_enrollment_id_scorm_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."scorm_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_sequencing_states" ADD CONSTRAINT "scorm_sequencing_states_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;