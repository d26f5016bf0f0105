CREATE TABLE "sso_provider_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"endpoints" jsonb NOT NULL,
	"default_role" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "sso_providers_default_role_check" CHECK ("sso_providers"."default_role" in ('learner', 'instructor'))
);
--> statement-breakpoint
ALTER TABLE "sso_provider_domains" ADD CONSTRAINT "sso_provider_domains_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_provider_domains_provider_idx" ON "sso_provider_domains" USING btree ("provider_id");