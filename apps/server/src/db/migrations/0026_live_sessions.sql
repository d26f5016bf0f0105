CREATE TABLE "live_invites" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "live_invites_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_reminders_sent" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_reminders_sent_session_id_user_id_kind_starts_at_pk" PRIMARY KEY("session_id","user_id","kind","starts_at")
);
--> statement-breakpoint
CREATE TABLE "live_rsvps" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"response" text NOT NULL,
	"waitlisted" boolean DEFAULT false NOT NULL,
	"responded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_rsvps_session_id_user_id_pk" PRIMARY KEY("session_id","user_id"),
	CONSTRAINT "live_rsvps_response_check" CHECK ("live_rsvps"."response" in ('going', 'maybe', 'not_going'))
);
--> statement-breakpoint
CREATE TABLE "live_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"recurrence" text NOT NULL,
	"until" date,
	"count" integer,
	"exceptions" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_series_recurrence_check" CHECK ("live_series"."recurrence" in ('weekly', 'biweekly'))
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid,
	"kind" text NOT NULL,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"course_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"capacity" integer,
	"meeting_url" text,
	"audience" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"recording_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_kind_check" CHECK ("live_sessions"."kind" in ('class', 'study_group')),
	CONSTRAINT "live_sessions_audience_check" CHECK ("live_sessions"."audience" in ('everyone', 'course', 'shared_plan', 'invited')),
	CONSTRAINT "live_sessions_status_check" CHECK ("live_sessions"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "live_sessions_duration_check" CHECK ("live_sessions"."duration_minutes" > 0),
	CONSTRAINT "live_sessions_capacity_check" CHECK ("live_sessions"."capacity" is null or "live_sessions"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "live_invites" ADD CONSTRAINT "live_invites_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_invites" ADD CONSTRAINT "live_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reminders_sent" ADD CONSTRAINT "live_reminders_sent_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reminders_sent" ADD CONSTRAINT "live_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rsvps" ADD CONSTRAINT "live_rsvps_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rsvps" ADD CONSTRAINT "live_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_series" ADD CONSTRAINT "live_series_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_series_id_live_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."live_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_invites_user_idx" ON "live_invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_reminders_sent_user_idx" ON "live_reminders_sent" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_rsvps_user_idx" ON "live_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_series_host_idx" ON "live_series" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "live_sessions_starts_idx" ON "live_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "live_sessions_host_idx" ON "live_sessions" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "live_sessions_series_idx" ON "live_sessions" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "live_sessions_course_idx" ON "live_sessions" USING btree ("course_id");