CREATE TABLE "learner_activity_by_day" (
	"day" date PRIMARY KEY NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	"last_active" integer DEFAULT 0 NOT NULL,
	"learners_7d" integer,
	"learners_30d" integer
);
--> statement-breakpoint
INSERT INTO learner_activity_by_day (day, learners)
SELECT day, count(*)::int FROM learner_active_days GROUP BY day;--> statement-breakpoint
UPDATE learner_activity_by_day counts SET last_active = latest.users
FROM (
  SELECT day, count(*)::int AS users FROM (SELECT max(day) AS day FROM learner_active_days GROUP BY user_id) per_user GROUP BY day
) latest
WHERE counts.day = latest.day;--> statement-breakpoint
CREATE OR REPLACE FUNCTION learner_activity_by_day_add() RETURNS trigger AS $$
DECLARE
  previous date;
BEGIN
  SELECT max(day) INTO previous FROM learner_active_days WHERE user_id = NEW.user_id AND day <> NEW.day;
  -- Activity recorded on a past day changes the windows that end on or after it.
  IF NEW.day < (now() AT TIME ZONE 'UTC')::date THEN
    UPDATE learner_activity_by_day SET learners_7d = NULL, learners_30d = NULL
    WHERE day >= NEW.day AND day <= NEW.day + 29 AND (learners_7d IS NOT NULL OR learners_30d IS NOT NULL);
  END IF;
  INSERT INTO learner_activity_by_day AS counts (day, learners, last_active)
  VALUES (NEW.day, 1, CASE WHEN previous IS NULL OR previous < NEW.day THEN 1 ELSE 0 END)
  ON CONFLICT (day) DO UPDATE SET learners = counts.learners + 1, last_active = counts.last_active + excluded.last_active;
  IF previous < NEW.day THEN
    UPDATE learner_activity_by_day SET last_active = last_active - 1 WHERE day = previous;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER learner_active_days_added AFTER INSERT ON learner_active_days FOR EACH ROW EXECUTE FUNCTION learner_activity_by_day_add();--> statement-breakpoint
CREATE OR REPLACE FUNCTION learner_activity_by_day_remove() RETURNS trigger AS $$
BEGIN
  UPDATE learner_activity_by_day counts SET learners = counts.learners - gone_days.users
  FROM (SELECT day, count(*)::int AS users FROM gone GROUP BY day) gone_days
  WHERE counts.day = gone_days.day;
  -- A user whose latest day went moves to their latest remaining day, if any.
  WITH latest AS (
    SELECT user_id, max(day) AS day FROM gone GROUP BY user_id
  ), moved AS (
    SELECT latest.day AS was, (SELECT max(kept.day) FROM learner_active_days kept WHERE kept.user_id = latest.user_id) AS kept_day
    FROM latest
    WHERE NOT EXISTS (SELECT 1 FROM learner_active_days kept WHERE kept.user_id = latest.user_id AND kept.day > latest.day)
  ), changes AS (
    SELECT was AS day, -1 AS delta FROM moved
    UNION ALL SELECT kept_day, 1 FROM moved WHERE kept_day IS NOT NULL
  )
  UPDATE learner_activity_by_day counts SET last_active = counts.last_active + moves.delta
  FROM (SELECT day, sum(delta)::int AS delta FROM changes GROUP BY day) moves
  WHERE counts.day = moves.day;
  UPDATE learner_activity_by_day SET learners_7d = NULL, learners_30d = NULL
  WHERE day >= (SELECT min(day) FROM gone) AND (learners_7d IS NOT NULL OR learners_30d IS NOT NULL);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER learner_active_days_removed AFTER DELETE ON learner_active_days REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION learner_activity_by_day_remove();
