import type { ScormAnalytics } from '@portal/shared/scorm';
import type { ScormOwnAttemptList } from '@portal/shared/scorm-analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTargets } from '../../testing/test-app.ts';
import { type ScormReportApp, startScormReportApp } from './scorm-analytics.testing.ts';

describe.each(testTargets())('SCORM attempt history for learners and the studio on $name', (target) => {
  let reports: ScormReportApp;
  let client: ScormReportApp['client'];
  let instructor: ScormReportApp['instructor'];
  let quiz: ScormReportApp['quiz'];

  beforeAll(async () => {
    reports = await startScormReportApp(target);
    ({ client, instructor, quiz } = reports);
  }, 120_000);
  afterAll(async () => {
    await reports.close();
  });

  it("lists a learner's own attempts with times, statuses and scores, and no one else's", async () => {
    const own = await client.call<ScormOwnAttemptList>(
      quiz.ana,
      'GET',
      `/api/scorm/my-enrollments/${quiz.ana.enrollmentId}/attempts`,
    );
    expect(own.status).toBe(200);
    expect(own.body.package_title).toBe('capitals');
    expect(own.body.attempts).toMatchObject([
      {
        sco_title: 'Capitals quiz',
        number: 1,
        completion_status: 'completed',
        success_status: 'failed',
        score: 50,
        time_seconds: 120,
      },
      { number: 2, success_status: 'passed', score: 100, time_seconds: 90 },
    ]);
    for (const attempt of own.body.attempts) {
      expect(attempt.ended_at).not.toBeNull();
      expect(Date.parse(attempt.started_at)).toBeLessThanOrEqual(Date.parse(attempt.ended_at ?? ''));
    }

    const peek = await client.call(quiz.ben, 'GET', `/api/scorm/my-enrollments/${quiz.ana.enrollmentId}/attempts`);
    expect(peek.status).toBe(404);
    const bens = await client.call<ScormOwnAttemptList>(
      quiz.ben,
      'GET',
      `/api/scorm/my-enrollments/${quiz.ben.enrollmentId}/attempts`,
    );
    expect(bens.body.attempts).toHaveLength(1);
    expect(bens.body.attempts[0]).toMatchObject({ number: 1, completion_status: 'incomplete', score: null });
  });

  it('shows the studio each learner with attempts, best and latest result', async () => {
    const analytics = await client.call<ScormAnalytics>(
      instructor,
      'GET',
      `/api/scorm/packages/${quiz.packageId}/analytics`,
    );
    const ana = analytics.body.learners.find((row) => row.learner.id === quiz.ana.id);
    expect(ana?.attempts).toMatchObject({
      count: 2,
      best_score: 100,
      best: { number: 2, success_status: 'passed', completion_status: 'completed', score: 100 },
      latest: { number: 2, success_status: 'passed', score: 100 },
    });
    const ben = analytics.body.learners.find((row) => row.learner.id === quiz.ben.id);
    expect(ben?.attempts).toMatchObject({
      count: 1,
      best: { number: 1, completion_status: 'incomplete', score: null },
    });
  });
});
