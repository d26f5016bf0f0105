CREATE TABLE "learning_time_totals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_time_totals" ADD CONSTRAINT "learning_time_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;