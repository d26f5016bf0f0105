CREATE TABLE "scorm_attempt_data" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"cmi" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"sco_id" uuid NOT NULL,
	"learner_id" text NOT NULL,
	"number" integer NOT NULL,
	"completion_status" text DEFAULT 'not attempted' NOT NULL,
	"success_status" text DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_scaled" double precision,
	"total_time_seconds" double precision DEFAULT 0 NOT NULL,
	"location" text,
	"ended_at" timestamp with time zone,
	"commit_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_attempts_number_unique" UNIQUE("enrollment_id","sco_id","number")
);
--> statement-breakpoint
CREATE TABLE "scorm_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"learner_id" text NOT NULL,
	"due_at" timestamp with time zone,
	"assigned_by" text,
	"completed_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"last_launched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_enrollments_package_learner_unique" UNIQUE("package_id","learner_id")
);
--> statement-breakpoint
CREATE TABLE "scorm_interactions" (
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"interaction_id" text NOT NULL,
	"type" text,
	"description" text,
	"result" text,
	"learner_response" text,
	"correct_response" text,
	"latency" text,
	"recorded_at" text,
	CONSTRAINT "scorm_interactions_attempt_position_unique" UNIQUE("attempt_id","position")
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"zip_path" text NOT NULL,
	"manifest_path" text,
	"extract_path" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"failure_message" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"version" text,
	"metadata" jsonb NOT NULL,
	"structure" jsonb,
	"file_count" integer,
	"unpacked_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_packages_status_check" CHECK ("scorm_packages"."status" in ('uploading', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "scorm_scos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"item_id" text NOT NULL,
	"parent_item_id" text,
	"resource_id" text NOT NULL,
	"title" text NOT NULL,
	"launch_url" text NOT NULL,
	"scorm_type" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"settings" jsonb NOT NULL,
	CONSTRAINT "scorm_scos_package_item_unique" UNIQUE("package_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "scorm_attempt_data" ADD CONSTRAINT "scorm_attempt_data_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_enrollment_id_scorm_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."scorm_enrollments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_sco_id_scorm_scos_id_fk" FOREIGN KEY ("sco_id") REFERENCES "public"."scorm_scos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD CONSTRAINT "scorm_enrollments_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD CONSTRAINT "scorm_enrollments_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD CONSTRAINT "scorm_enrollments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_interactions" ADD CONSTRAINT "scorm_interactions_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_scos" ADD CONSTRAINT "scorm_scos_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scorm_attempts_learner_idx" ON "scorm_attempts" USING btree ("learner_id");
--> statement-breakpoint
CREATE INDEX "scorm_enrollments_learner_idx" ON "scorm_enrollments" USING btree ("learner_id");
--> statement-breakpoint
CREATE INDEX "scorm_interactions_interaction_idx" ON "scorm_interactions" USING btree ("interaction_id");
--> statement-breakpoint
CREATE INDEX "scorm_packages_created_by_idx" ON "scorm_packages" USING btree ("created_by","created_at");
--> statement-breakpoint
CREATE INDEX "scorm_scos_package_idx" ON "scorm_scos" USING btree ("package_id","position");
