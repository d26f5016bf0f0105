CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"action" text NOT NULL,
	"table_name" text,
	"record_id" text,
	"old_values" jsonb,
	"new_values" jsonb,
	"legal_basis" text,
	"purpose" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"consent_type" text NOT NULL,
	"is_granted" boolean NOT NULL,
	"granted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"legal_basis" text NOT NULL,
	"purpose" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_consent_type_check" CHECK ("user_consent"."consent_type" in ('essential', 'analytics', 'marketing', 'functional')),
	CONSTRAINT "user_consent_essential_granted_check" CHECK ("user_consent"."consent_type" <> 'essential' or "user_consent"."is_granted")
);
--> statement-breakpoint
ALTER TABLE "user_consent" ADD CONSTRAINT "user_consent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_user_created_idx" ON "audit_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_consent_current_idx" ON "user_consent" USING btree ("user_id","consent_type") WHERE "user_consent"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "user_consent_user_created_idx" ON "user_consent" USING btree ("user_id","created_at");