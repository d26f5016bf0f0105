/** The hot paths benchmark's seed (see `hot-paths.ts`). */
import type pg from 'pg';
import type { BenchLearner } from './bench-kit.ts';

/** XP awards in the ledger of each learner the requests do not rotate over. */
const PAST_AWARDS = 10;

/**
 * History written with set-based SQL (seconds, not minutes): courses, progress, study time, XP and SCORM attempts for
 * `active` learners, the first of them with `historyRows` rows of each kind; a little XP, an XP account, streaks, a
 * badge and achievements' standing for every learner.
 */
export async function seed(
  client: pg.Client,
  active: BenchLearner[],
  scorm: { packageId: string; scoId: string },
  { historyRows, claimable }: { historyRows: number; claimable: number },
) {
  const ids = active.map((learner) => learner.userId);
  const heavy = ids[0];
  const light = Math.max(1, Math.round(historyRows / 1000));
  await client.query('create temporary table bench_active (idx int primary key, user_id text not null)');
  await client.query('insert into bench_active select i - 1, id from unnest($1::text[]) with ordinality t(id, i)', [
    ids,
  ]);
  // 40 history courses of 2,500 lessons; one small course whose text lessons the progress path reports on.
  await client.query(`insert into courses (id, slug, title, status, required_tier, published_at)
    select gen_random_uuid(), 'bench-' || i, 'Bench course ' || i, 'published', 'calm', now() from generate_series(1, 41) i`);
  await client.query(`insert into course_modules (course_id, position, title) select id, 0, 'Module' from courses`);
  await client.query(`insert into lessons (module_id, course_id, position, kind, title, content)
    select m.id, m.course_id, i, 'text', 'Lesson ' || i, '{"kind":"text","markdown":"x","html":"<p>x</p>"}'::jsonb
    from course_modules m join courses c on c.id = m.course_id, generate_series(1, case when c.slug = 'bench-41' then 20 else 2500 end) i`);
  // The heavy learner's history, then a little for every other active learner.
  await client.query(
    `insert into lesson_progress (user_id, lesson_id, course_id, status, completed_at, last_activity_at, time_spent_seconds)
     select $1, l.id, l.course_id, 'completed', now() - random() * interval '730 days', now() - random() * interval '730 days', 300
     from lessons l join courses c on c.id = l.course_id where c.slug <> 'bench-41' limit $2::int`,
    [heavy, historyRows],
  );
  await client.query(
    `insert into lesson_progress (user_id, lesson_id, course_id, status, completed_at, last_activity_at, time_spent_seconds)
     select a.user_id, l.id, l.course_id, 'completed', now() - random() * interval '730 days', now() - random() * interval '30 days', 300
     from bench_active a, (select l.id, l.course_id from lessons l join courses c on c.id = l.course_id
       where c.slug = 'bench-1' limit $1::int) l where a.idx > 0`,
    [light],
  );
  // Every active learner has opened and read the small course's lessons before (the web opens a lesson before it
  // reports on it): the reports measured are those of a learner reading on, which complete nothing new.
  await client.query(
    `insert into lesson_progress (user_id, lesson_id, course_id, status, first_opened_at, completed_at, last_activity_at,
       last_report_at, time_spent_seconds)
     select a.user_id, l.id, l.course_id, 'completed', now() - interval '1 day', now() - interval '1 day',
       now() - interval '1 day', now() - interval '1 day', 60
     from bench_active a, lessons l join courses c on c.id = l.course_id where c.slug = 'bench-41'`,
  );
  await client.query(`insert into course_progress (user_id, course_id, percent, lessons_completed, lessons_total, last_activity_at)
    select user_id, course_id, 50, count(*), 2500, max(last_activity_at) from lesson_progress group by user_id, course_id`);
  await client.query(
    `insert into study_sessions (user_id, mode, started_at, ended_at, active_seconds, focused_seconds, end_reason)
     select a.user_id, 'focus', s, s + interval '25 minutes', 1500, 1500, 'finished'
     from bench_active a, lateral (select now() - (i * interval '37 minutes') - interval '1 hour' s
       from generate_series(1, case when a.idx = 0 then $1::int else $2::int end) i) t`,
    [historyRows, light],
  );
  await client.query(
    `insert into learning_time_hourly (user_id, hour, source, seconds)
     select a.user_id, date_trunc('hour', now()) - (i * interval '1 hour'), 'study', 1500
     from bench_active a, generate_series(1, case when a.idx = 0 then $1::int else $2::int end) i where true`,
    [historyRows, light],
  );
  await client.query(`insert into learning_time_totals (user_id, seconds)
    select user_id, sum(seconds) from learning_time_hourly group by user_id`);
  await client.query(
    `insert into user_xp (user_id, kind, event_type, subject_id, idempotency_key, base_xp, xp, local_day, created_at)
     select a.user_id, 'award', 'lesson_completed', 'history-' || i, 'history-' || i, 10, 10,
       (now() - i * interval '37 minutes' - interval '1 day')::date, now() - i * interval '37 minutes' - interval '1 day'
     from bench_active a, generate_series(1, case when a.idx = 0 then $1::int else $2::int end) i where true`,
    [historyRows, light],
  );
  // Every other learner has used the product a little too, so the tables an award reads hold a row for each learner
  // of the database, as in use (with rows for the active learners only, a table of a few hundred rows is scanned whole).
  await client.query(
    `insert into user_xp (user_id, kind, event_type, subject_id, idempotency_key, base_xp, xp, local_day, created_at)
     select u.id, 'award', 'lesson_completed', 'past-' || i, 'past-' || i, 10, 10,
       t.happened::date, t.happened
     from users u, generate_series(1, $1::int) i,
       lateral (select now() - (1 + abs(hashtext(u.id)) % 730) * interval '1 day' - i * interval '37 minutes' as happened) t
     where not exists (select from bench_active a where a.user_id = u.id)`,
    [PAST_AWARDS],
  );
  await client.query(`insert into xp_accounts (user_id, total_xp)
    select user_id, sum(xp) from user_xp group by user_id`);
  await client.query(`insert into streaks (user_id, streak_type, current_length, longest_length, last_active_day,
      last_counted_day, time_zone)
    select a.user_id, t.type, 3, 5, current_date - 1, current_date - 1, 'UTC'
    from xp_accounts a, (values ('learning'), ('login')) t(type)`);
  await client.query(`insert into user_badges (user_id, badge_key) select user_id, 'first_lesson' from xp_accounts`);
  await client.query(`insert into achievements (user_id, achievement_key, tier, progress)
    select c.user_id, 'lessons', (c.count >= 10)::int + (c.count >= 50)::int + (c.count >= 200)::int, c.count
    from xp_award_counts c where c.event_type = 'lesson_completed'
    union all
    select a.user_id, 'xp', (a.total_xp >= 1000)::int + (a.total_xp >= 5000)::int + (a.total_xp >= 20000)::int, a.total_xp
    from xp_accounts a
    union all
    select a.user_id, 'streak', 1, 5 from xp_accounts a`);
  // Lessons the progress feature completed and delivered, whose XP award_xp is still to claim.
  await client.query(
    `insert into domain_events (type, user_id, subject_id, payload, delivered_at)
     select 'lesson.completed', a.user_id, 'bench-lesson-' || (k * $1::int + a.idx),
       jsonb_build_object('lessonId', 'bench-lesson-' || (k * $1::int + a.idx), 'moduleId', 'bench-module', 'courseId', 'bench-course'),
       now()
     from bench_active a, generate_series(0, $2::int - 1) k where true`,
    [active.length, claimable],
  );
  // SCORM: every active learner enrolled in one package, with ended attempts behind the open one. Those attempts
  // completed the package, so the enrolment is completed, as the roll-up of the first of them recorded.
  await client.query(
    `insert into scorm_enrollments (package_id, learner_id, completed_at)
     select $1, user_id, now() - interval '1 day' from bench_active`,
    [scorm.packageId],
  );
  await client.query(
    `insert into scorm_attempts (enrollment_id, sco_id, learner_id, number, completion_status, ended_at)
     select e.id, $2, e.learner_id, i, 'completed', now() - i * interval '1 day'
     from scorm_enrollments e, generate_series(1, case when e.learner_id = $3 then $4::int else $5::int end) i
     where e.package_id = $1`,
    [scorm.packageId, scorm.scoId, heavy, Math.round(historyRows / 10), light],
  );
  await client.query('analyze');
}
