CREATE TABLE "goal_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"course_id" uuid,
	"target_minutes" integer,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"first_completed_at" timestamp with time zone,
	CONSTRAINT "goals_kind_check" CHECK ("goals"."kind" in ('course_by_date', 'study_minutes_weekly', 'checklist')),
	CONSTRAINT "goals_status_check" CHECK ("goals"."status" in ('active', 'paused', 'completed')),
	CONSTRAINT "goals_course_by_date_check" CHECK ("goals"."kind" <> 'course_by_date' or ("goals"."course_id" is not null and "goals"."due_date" is not null)),
	CONSTRAINT "goals_weekly_minutes_check" CHECK ("goals"."kind" <> 'study_minutes_weekly' or "goals"."target_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "learning_time_hourly" (
	"user_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_time_hourly_user_id_hour_source_pk" PRIMARY KEY("user_id","hour","source"),
	CONSTRAINT "learning_time_hourly_seconds_check" CHECK ("learning_time_hourly"."seconds" >= 0 and "learning_time_hourly"."seconds" <= 3600)
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid,
	"body" text NOT NULL,
	"format" text DEFAULT 'markdown' NOT NULL,
	"position_kind" text,
	"position_seconds" integer,
	"position_page" integer,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "notes"."body")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_format_check" CHECK ("notes"."format" in ('plain', 'markdown')),
	CONSTRAINT "notes_position_check" CHECK (("notes"."position_kind" is null and "notes"."position_seconds" is null and "notes"."position_page" is null)
        or ("notes"."position_kind" = 'video' and "notes"."position_seconds" >= 0 and "notes"."position_page" is null)
        or ("notes"."position_kind" = 'pdf' and "notes"."position_page" >= 1 and "notes"."position_seconds" is null))
);
--> statement-breakpoint
CREATE TABLE "study_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mode" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_seconds" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"active_seconds" integer,
	"focused_seconds" integer,
	"end_reason" text,
	CONSTRAINT "study_sessions_mode_check" CHECK ("study_sessions"."mode" in ('focus', 'review', 'practice')),
	CONSTRAINT "study_sessions_end_reason_check" CHECK ("study_sessions"."end_reason" in ('stopped', 'finished', 'abandoned')),
	CONSTRAINT "study_sessions_paused_seconds_check" CHECK ("study_sessions"."paused_seconds" >= 0),
	CONSTRAINT "study_sessions_ended_check" CHECK ("study_sessions"."ended_at" is null or ("study_sessions"."ended_at" >= "study_sessions"."started_at" and "study_sessions"."paused_at" is null
        and "study_sessions"."active_seconds" is not null and "study_sessions"."focused_seconds" is not null)),
	CONSTRAINT "study_sessions_time_check" CHECK ("study_sessions"."focused_seconds" is null or ("study_sessions"."focused_seconds" >= 0 and "study_sessions"."focused_seconds" <= "study_sessions"."active_seconds"
        and "study_sessions"."active_seconds" <= ceil(extract(epoch from "study_sessions"."ended_at" - "study_sessions"."started_at"))))
);
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD COLUMN "session_base_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD COLUMN "exit" text;--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD COLUMN "last_sco_id" uuid;--> statement-breakpoint
ALTER TABLE "goal_checklist_items" ADD CONSTRAINT "goal_checklist_items_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_time_hourly" ADD CONSTRAINT "learning_time_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_checklist_items_goal_idx" ON "goal_checklist_items" USING btree ("goal_id","position");--> statement-breakpoint
CREATE INDEX "goals_user_status_idx" ON "goals" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "notes_user_course_idx" ON "notes" USING btree ("user_id","course_id","lesson_id");--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "study_sessions_open_idx" ON "study_sessions" USING btree ("user_id") WHERE "study_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "study_sessions_user_started_idx" ON "study_sessions" USING btree ("user_id","started_at");