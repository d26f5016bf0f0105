CREATE TABLE "achievements" (
	"user_id" text NOT NULL,
	"achievement_key" text NOT NULL,
	"tier" smallint DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_user_id_achievement_key_pk" PRIMARY KEY("user_id","achievement_key")
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
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"cost" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "gamification_settings" ADD CONSTRAINT "gamification_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_freeze_days" ADD CONSTRAINT "streak_freeze_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_xp" ADD CONSTRAINT "user_xp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_accounts" ADD CONSTRAINT "xp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_key_idx" ON "purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "purchases_user_item_idx" ON "purchases" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_xp_user_key_idx" ON "user_xp" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "user_xp_user_event_day_idx" ON "user_xp" USING btree ("user_id","event_type","local_day");--> statement-breakpoint
CREATE INDEX "user_xp_user_created_idx" ON "user_xp" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_xp_created_idx" ON "user_xp" USING btree ("created_at");