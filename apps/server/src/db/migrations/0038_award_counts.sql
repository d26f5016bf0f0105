CREATE TABLE "xp_award_counts" (
	"user_id" text NOT NULL,
	"event_type" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "xp_award_counts_user_id_event_type_pk" PRIMARY KEY("user_id","event_type")
);
--> statement-breakpoint
ALTER TABLE "xp_award_counts" ADD CONSTRAINT "xp_award_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts of the awards already in the ledger.
INSERT INTO "xp_award_counts" ("user_id", "event_type", "count")
  SELECT "user_id", "event_type", count(*)::int FROM "user_xp" WHERE "kind" = 'award' GROUP BY 1, 2;
--> statement-breakpoint
-- Kept per statement, from the rows it added or removed, so a bulk insert updates each count once.
CREATE OR REPLACE FUNCTION count_awards_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO xp_award_counts (user_id, event_type, count)
    SELECT a.user_id, a.event_type, count(*)::int FROM added a WHERE a.kind = 'award' GROUP BY 1, 2
    ON CONFLICT (user_id, event_type) DO UPDATE SET count = xp_award_counts.count + excluded.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_awards_removed() RETURNS trigger AS $$
BEGIN
  UPDATE xp_award_counts c SET count = c.count - r.n
    FROM (SELECT user_id, event_type, count(*)::int AS n FROM removed WHERE kind = 'award' GROUP BY 1, 2) r
    WHERE c.user_id = r.user_id AND c.event_type = r.event_type;
  DELETE FROM xp_award_counts c WHERE c.count <= 0
    AND (c.user_id, c.event_type) IN (SELECT user_id, event_type FROM removed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_xp_awards_added AFTER INSERT ON "user_xp"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_awards_added();
--> statement-breakpoint
CREATE TRIGGER user_xp_awards_removed AFTER DELETE ON "user_xp"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_awards_removed();
