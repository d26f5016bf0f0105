CREATE TABLE "live_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "live_poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"option" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"created_by" text,
	"question" text NOT NULL,
	"options" text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "live_polls_status_check" CHECK ("live_polls"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "live_room_participants" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"hand_raised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_room_participants_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_room_state" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"host_id" text,
	"timer_status" text DEFAULT 'idle' NOT NULL,
	"timer_duration_seconds" integer,
	"timer_ends_at" timestamp with time zone,
	"timer_remaining_ms" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_room_state_timer_check" CHECK ("live_room_state"."timer_status" in ('idle', 'running', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_poll_votes" ADD CONSTRAINT "live_poll_votes_poll_id_live_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."live_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_poll_votes" ADD CONSTRAINT "live_poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_polls" ADD CONSTRAINT "live_polls_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_polls" ADD CONSTRAINT "live_polls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_participants" ADD CONSTRAINT "live_room_participants_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_participants" ADD CONSTRAINT "live_room_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_state" ADD CONSTRAINT "live_room_state_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_state" ADD CONSTRAINT "live_room_state_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_attendance_session_idx" ON "live_attendance" USING btree ("session_id","joined_at");--> statement-breakpoint
CREATE INDEX "live_attendance_user_idx" ON "live_attendance" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_attendance_open_idx" ON "live_attendance" USING btree ("session_id","user_id") WHERE "live_attendance"."left_at" is null;--> statement-breakpoint
CREATE INDEX "live_chat_messages_session_idx" ON "live_chat_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "live_chat_messages_user_idx" ON "live_chat_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "live_poll_votes_user_idx" ON "live_poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_polls_session_idx" ON "live_polls" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "live_room_participants_user_idx" ON "live_room_participants" USING btree ("user_id");