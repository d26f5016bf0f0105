CREATE TABLE "scorm_shared_data" (
	"learner_id" text NOT NULL,
	"package_id" uuid NOT NULL,
	"target_id" text NOT NULL,
	"store" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_shared_data_learner_id_package_id_target_id_pk" PRIMARY KEY("learner_id","package_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "scorm_shared_data" ADD CONSTRAINT "scorm_shared_data_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_shared_data" ADD CONSTRAINT "scorm_shared_data_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorm_shared_data_package_idx" ON "scorm_shared_data" USING btree ("package_id");