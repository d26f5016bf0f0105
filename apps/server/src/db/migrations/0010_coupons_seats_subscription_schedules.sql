CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_coupon_user_unique" UNIQUE("coupon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"free_tier" text,
	"free_days" integer,
	"applies_to" text[] NOT NULL,
	"max_redemptions" integer NOT NULL,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_redemptions_check" CHECK ("coupons"."redemption_count" <= "coupons"."max_redemptions"),
	CONSTRAINT "coupons_kind_check" CHECK (("coupons"."kind" = 'percent_off' and "coupons"."percent_off" between 1 and 100) or ("coupons"."kind" = 'free_access' and "coupons"."free_tier" is not null and "coupons"."free_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"user_id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_plan_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"member_id" text,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"language" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"lapse_notice_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_schedules" (
	"user_id" text PRIMARY KEY NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"next_tier" text,
	"next_interval" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_session_id_billing_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."billing_checkout_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD CONSTRAINT "sandbox_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_plan_seats" ADD CONSTRAINT "shared_plan_seats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_plan_seats" ADD CONSTRAINT "shared_plan_seats_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_schedules" ADD CONSTRAINT "subscription_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_plan_seats_owner_idx" ON "shared_plan_seats" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_plan_seats_token_unique" ON "shared_plan_seats" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_plan_seats_open_email_unique" ON "shared_plan_seats" USING btree ("owner_id","email") WHERE "shared_plan_seats"."status" in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "shared_plan_seats_active_member_unique" ON "shared_plan_seats" USING btree ("member_id") WHERE "shared_plan_seats"."status" = 'active';