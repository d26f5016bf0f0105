CREATE TABLE "sign_in_lockouts" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_lockouts_window_idx" ON "sign_in_lockouts" USING btree ("window_started_at");