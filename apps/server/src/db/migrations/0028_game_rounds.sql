CREATE TABLE "game_bests" (
	"user_id" text NOT NULL,
	"game" text NOT NULL,
	"difficulty" text NOT NULL,
	"timed" boolean NOT NULL,
	"score" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"round_id" uuid NOT NULL,
	"achieved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_bests_user_id_game_difficulty_timed_pk" PRIMARY KEY("user_id","game","difficulty","timed")
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"game" text NOT NULL,
	"difficulty" text NOT NULL,
	"timed" boolean NOT NULL,
	"items" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"score" integer,
	"elapsed_ms" integer,
	CONSTRAINT "game_rounds_game_check" CHECK ("game_rounds"."game" in ('match', 'sprint', 'recall')),
	CONSTRAINT "game_rounds_difficulty_check" CHECK ("game_rounds"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "game_rounds_expiry_check" CHECK ("game_rounds"."expires_at" > "game_rounds"."issued_at")
);
--> statement-breakpoint
ALTER TABLE "game_bests" ADD CONSTRAINT "game_bests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_user_issued_idx" ON "game_rounds" USING btree ("user_id","issued_at");