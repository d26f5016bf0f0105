CREATE TABLE "achievements" (
	"user_id" text NOT NULL,
	"achievement_key" text NOT NULL,
	"tier" smallint DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_user_id_achievement_key_pk" PRIMARY KEY("user_id","achievement_key")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prerequisite_module_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_modules_not_own_prerequisite_check" CHECK ("course_modules"."prerequisite_module_id" is distinct from "course_modules"."id")
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"lessons_completed" integer DEFAULT 0 NOT NULL,
	"lessons_total" integer DEFAULT 0 NOT NULL,
	"last_lesson_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image_key" text,
	"cover_content_type" text,
	"required_tier" text DEFAULT 'calm' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "courses_required_tier_check" CHECK ("courses"."required_tier" in ('calm', 'me', 'us', 'universal')),
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"user_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "gamification_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gamification_settings_single_row" CHECK ("gamification_settings"."id" = 1)
);
--> statement-breakpoint
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
	"target_xp" integer,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"first_completed_at" timestamp with time zone,
	CONSTRAINT "goals_kind_check" CHECK ("goals"."kind" in ('course_by_date', 'study_minutes_weekly', 'xp_weekly', 'checklist')),
	CONSTRAINT "goals_status_check" CHECK ("goals"."status" in ('active', 'paused', 'completed')),
	CONSTRAINT "goals_course_by_date_check" CHECK ("goals"."kind" <> 'course_by_date' or ("goals"."course_id" is not null and "goals"."due_date" is not null)),
	CONSTRAINT "goals_weekly_minutes_check" CHECK ("goals"."kind" <> 'study_minutes_weekly' or "goals"."target_minutes" > 0),
	CONSTRAINT "goals_weekly_xp_check" CHECK ("goals"."kind" <> 'xp_weekly' or "goals"."target_xp" > 0)
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
CREATE TABLE "learning_time_totals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"position" real,
	"watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"max_page" integer,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"first_opened_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_report_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"best_score" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "lesson_progress_status_check" CHECK ("lesson_progress"."status" in ('not_started', 'in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"duration_seconds" real,
	"page_count" integer,
	"scorm_package_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_kind_check" CHECK ("lessons"."kind" in ('text', 'video', 'pdf', 'quiz', 'scorm'))
);
--> statement-breakpoint
CREATE TABLE "module_completions" (
	"user_id" text NOT NULL,
	"module_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_completions_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
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
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"cost" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"pass_mark" integer NOT NULL,
	"results" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"session_base_seconds" double precision DEFAULT 0 NOT NULL,
	"location" text,
	"exit" text,
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
	"last_sco_id" uuid,
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
CREATE TABLE "shop_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"cost" integer NOT NULL,
	"max_held" integer,
	"duration_minutes" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_items_cost_check" CHECK ("shop_items"."cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "streak_freeze_days" (
	"user_id" text NOT NULL,
	"streak_type" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "streak_freeze_days_user_id_streak_type_day_pk" PRIMARY KEY("user_id","streak_type","day")
);
--> statement-breakpoint
CREATE TABLE "streaks" (
	"user_id" text NOT NULL,
	"streak_type" text NOT NULL,
	"current_length" integer DEFAULT 0 NOT NULL,
	"longest_length" integer DEFAULT 0 NOT NULL,
	"last_active_day" date,
	"last_counted_day" date,
	"freezes_held" smallint DEFAULT 0 NOT NULL,
	"freezes_used" integer DEFAULT 0 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streaks_user_id_streak_type_pk" PRIMARY KEY("user_id","streak_type"),
	CONSTRAINT "streaks_type_check" CHECK ("streaks"."streak_type" in ('learning', 'login')),
	CONSTRAINT "streaks_freezes_check" CHECK ("streaks"."freezes_held" >= 0)
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
CREATE TABLE "user_badges" (
	"user_id" text NOT NULL,
	"badge_key" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_key_pk" PRIMARY KEY("user_id","badge_key")
);
--> statement-breakpoint
CREATE TABLE "user_xp" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_type" text NOT NULL,
	"subject_id" text,
	"idempotency_key" text NOT NULL,
	"base_xp" integer NOT NULL,
	"multiplier" double precision DEFAULT 1 NOT NULL,
	"xp" integer NOT NULL,
	"local_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_xp_kind_check" CHECK ("user_xp"."kind" in ('award', 'spend')),
	CONSTRAINT "user_xp_sign_check" CHECK (("user_xp"."kind" = 'award') = ("user_xp"."xp" >= 0))
);
--> statement-breakpoint
CREATE TABLE "xp_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total_xp" integer DEFAULT 0 NOT NULL,
	"spent_xp" integer DEFAULT 0 NOT NULL,
	"double_xp_until" timestamp with time zone,
	"leaderboard_opt_in" boolean DEFAULT false NOT NULL,
	"equipped_theme" text,
	"equipped_frame" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_accounts_total_check" CHECK ("xp_accounts"."total_xp" >= 0),
	CONSTRAINT "xp_accounts_balance_check" CHECK ("xp_accounts"."spent_xp" >= 0 and "xp_accounts"."spent_xp" <= "xp_accounts"."total_xp")
);
--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_prerequisite_module_id_course_modules_id_fk" FOREIGN KEY ("prerequisite_module_id") REFERENCES "public"."course_modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_last_lesson_id_lessons_id_fk" FOREIGN KEY ("last_lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_settings" ADD CONSTRAINT "gamification_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_checklist_items" ADD CONSTRAINT "goal_checklist_items_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_time_hourly" ADD CONSTRAINT "learning_time_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_time_totals" ADD CONSTRAINT "learning_time_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_completions" ADD CONSTRAINT "module_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_completions" ADD CONSTRAINT "module_completions_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_completions" ADD CONSTRAINT "module_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempt_data" ADD CONSTRAINT "scorm_attempt_data_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_enrollment_id_scorm_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."scorm_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_sco_id_scorm_scos_id_fk" FOREIGN KEY ("sco_id") REFERENCES "public"."scorm_scos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD CONSTRAINT "scorm_enrollments_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD CONSTRAINT "scorm_enrollments_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_enrollments" ADD CONSTRAINT "scorm_enrollments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_interactions" ADD CONSTRAINT "scorm_interactions_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_scos" ADD CONSTRAINT "scorm_scos_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_freeze_days" ADD CONSTRAINT "streak_freeze_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_xp" ADD CONSTRAINT "user_xp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_accounts" ADD CONSTRAINT "xp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_modules_course_position_idx" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_progress_user_activity_idx" ON "course_progress" USING btree ("user_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "courses_status_idx" ON "courses" USING btree ("status");--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" USING btree ("available_at") WHERE "domain_events"."delivered_at" is null and "domain_events"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_user_type_idx" ON "domain_events" USING btree ("user_id","type","occurred_at");--> statement-breakpoint
CREATE INDEX "goal_checklist_items_goal_idx" ON "goal_checklist_items" USING btree ("goal_id","position");--> statement-breakpoint
CREATE INDEX "goals_user_status_idx" ON "goals" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "lesson_progress_user_course_idx" ON "lesson_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "lesson_progress_user_activity_idx" ON "lesson_progress" USING btree ("user_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "lesson_progress_lesson_idx" ON "lesson_progress" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_module_position_idx" ON "lessons" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "lessons_course_idx" ON "lessons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lessons_scorm_package_idx" ON "lessons" USING btree ("scorm_package_id") WHERE "lessons"."scorm_package_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_user_course_idx" ON "notes" USING btree ("user_id","course_id","lesson_id");--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_key_idx" ON "purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "purchases_user_item_idx" ON "purchases" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_lesson_idx" ON "quiz_attempts" USING btree ("user_id","lesson_id","submitted_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_submitted_idx" ON "quiz_attempts" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "scorm_attempts_learner_idx" ON "scorm_attempts" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "scorm_enrollments_learner_idx" ON "scorm_enrollments" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "scorm_interactions_interaction_idx" ON "scorm_interactions" USING btree ("interaction_id");--> statement-breakpoint
CREATE INDEX "scorm_packages_created_by_idx" ON "scorm_packages" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "scorm_scos_package_idx" ON "scorm_scos" USING btree ("package_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "study_sessions_open_idx" ON "study_sessions" USING btree ("user_id") WHERE "study_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "study_sessions_user_started_idx" ON "study_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_xp_user_key_idx" ON "user_xp" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "user_xp_user_event_day_idx" ON "user_xp" USING btree ("user_id","event_type","local_day");--> statement-breakpoint
CREATE INDEX "user_xp_user_created_idx" ON "user_xp" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_xp_created_idx" ON "user_xp" USING btree ("created_at");