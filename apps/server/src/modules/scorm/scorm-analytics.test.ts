import type { ScormInteractionReportList, ScormObjectiveReportList } from '@portal/shared/scorm-analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTargets } from '../../testing/test-app.ts';
import { createScormPerson } from './scorm.testing.ts';
import { QUESTION, QUIZ_12, type ScormReportApp, startScormReportApp } from './scorm-analytics.testing.ts';

describe.each(testTargets())('SCORM interaction and objective analytics on $name', (target) => {
  let reports: ScormReportApp;
  let app: ScormReportApp['app'];
  let db: ScormReportApp['db'];
  let client: ScormReportApp['client'];
  let instructor: ScormReportApp['instructor'];
  let quiz: ScormReportApp['quiz'];

  beforeAll(async () => {
    reports = await startScormReportApp(target);
    ({ app, db, client, instructor, quiz } = reports);
  }, 120_000);
  afterAll(async () => {
    await reports.close();
  });

  it('reports each question with its correct answer, the spread of answers, correct rate and latency', async () => {
    const report = await client.call<ScormInteractionReportList>(
      instructor,
      'GET',
      `/api/scorm/packages/${quiz.packageId}/analytics/interactions`,
    );
    expect(report.status).toBe(200);
    expect(report.body.interactions).toEqual([
      {
        sco_id: quiz.scoId,
        sco_title: 'Capitals quiz',
        interaction_id: 'q-capital',
        description: QUESTION,
        type: 'choice',
        correct_responses: ['paris'],
        responses: 3,
        learners: 2,
        correct: 2,
        incorrect: 1,
        correct_rate: 66.7,
        average_latency_seconds: 6,
        median_latency_seconds: 6,
        distribution: [
          { response: 'paris', count: 2, share: 66.7, outcome: 'correct' },
          { response: 'lyon', count: 1, share: 33.3, outcome: 'incorrect' },
        ],
        other_responses: 0,
      },
      {
        sco_id: quiz.scoId,
        sco_title: 'Capitals quiz',
        interaction_id: 'q-river',
        description: 'Name a river',
        type: 'fill-in',
        correct_responses: ['Seine'],
        responses: 2,
        learners: 2,
        correct: 1,
        incorrect: 1,
        correct_rate: 50,
        average_latency_seconds: 32,
        median_latency_seconds: 32,
        distribution: [
          { response: '=HYPERLINK("x")', count: 1, share: 50, outcome: 'incorrect' },
          { response: 'Seine', count: 1, share: 50, outcome: 'correct' },
        ],
        other_responses: 0,
      },
    ]);
  });
  it('reports each objective with learners, attempts, statuses and mean score', async () => {
    const report = await client.call<ScormObjectiveReportList>(
      instructor,
      'GET',
      `/api/scorm/packages/${quiz.packageId}/analytics/objectives`,
    );
    expect(report.status).toBe(200);
    expect(report.body.objectives).toEqual([
      {
        sco_id: quiz.scoId,
        sco_title: 'Capitals quiz',
        objective_id: 'obj-geo',
        description: null,
        learners: 2,
        attempts: 3,
        completed: 3,
        passed: 2,
        failed: 1,
        average_score: 70,
      },
      {
        sco_id: quiz.scoId,
        sco_title: 'Capitals quiz',
        objective_id: 'obj-history',
        description: null,
        learners: 1,
        attempts: 1,
        completed: 1,
        passed: 0,
        failed: 1,
        average_score: 40,
      },
    ]);
  });
  it('stores SCORM 1.2 objectives and interactions, listing the twenty most frequent answers and counting the rest', async () => {
    const course = await reports.enrolledPackage('rivers-12', QUIZ_12, 1);
    const [learner] = course.learners;
    if (!learner) throw new Error('learner missing');
    await reports.playAttempt(learner, course.scoId, {
      core: { lesson_status: 'passed', exit: '' },
      // The same free-text question answered 27 times: "answer-0" three times, then 24 different answers.
      interactions: Object.fromEntries(
        Array.from({ length: 27 }, (_, position) => [
          position,
          {
            id: 'q-river',
            type: 'fill-in',
            student_response: `answer-${Math.max(0, position - 2)}`,
            result: position < 3 ? 'correct' : 'wrong',
            latency: position < 3 ? '0000:00:02.00' : '00:00:10',
          },
        ]),
      ),
      objectives: {
        0: { id: 'obj-rivers', status: 'passed', score: { raw: '8', min: '0', max: '10' } },
        1: { id: 'obj-lakes', status: 'incomplete' },
      },
    });
    const report = await client.call<ScormObjectiveReportList>(
      instructor,
      'GET',
      `/api/scorm/packages/${course.packageId}/analytics/objectives`,
    );
    expect(report.body.objectives).toMatchObject([
      { objective_id: 'obj-rivers', completed: 1, passed: 1, failed: 0, average_score: 80 },
      { objective_id: 'obj-lakes', completed: 0, passed: 0, failed: 0, average_score: null },
    ]);
    const interactions = await client.call<ScormInteractionReportList>(
      instructor,
      'GET',
      `/api/scorm/packages/${course.packageId}/analytics/interactions`,
    );
    const [river] = interactions.body.interactions;
    expect(river).toMatchObject({
      interaction_id: 'q-river',
      responses: 27,
      learners: 1,
      correct: 3,
      incorrect: 24,
      correct_rate: 11.1,
      median_latency_seconds: 10,
      other_responses: 5,
    });
    expect(river?.average_latency_seconds).toBeCloseTo((3 * 2 + 24 * 10) / 27, 2);
    expect(river?.distribution).toHaveLength(20);
    expect(river?.distribution[0]).toEqual({ response: 'answer-0', count: 3, share: 11.1, outcome: 'correct' });
    expect(river?.distribution.slice(1).every((answer) => answer.count === 1 && answer.outcome === 'incorrect')).toBe(
      true,
    );
  });
  it('exports both reports as CSV files Excel opens, with every answer kept as text', async () => {
    const interactions = await app.inject({
      method: 'GET',
      url: `/api/scorm/packages/${quiz.packageId}/analytics/interactions.csv`,
      headers: instructor.headers,
    });
    expect(interactions.statusCode).toBe(200);
    expect(interactions.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(interactions.headers['content-disposition']).toBe(
      `attachment; filename="capitals-interactions.csv"; filename*=UTF-8''capitals-interactions.csv`,
    );
    expect(interactions.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = interactions.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'SCO,Interaction ID,Question,Type,Correct responses,Responses,Learners,Correct,Incorrect,Correct rate (%),' +
        'Average latency (s),Median latency (s),Learner responses',
    );
    expect(lines[1]).toBe(
      'Capitals quiz,q-capital,"Capital of France, ""the city of light""?",choice,paris,3,2,2,1,66.7,6,6,' +
        '"paris (correct): 2\nlyon (incorrect): 1"',
    );
    // An answer that looks like a formula is written as text, never run by the spreadsheet.
    expect(lines[2]).toBe(
      'Capitals quiz,q-river,Name a river,fill-in,Seine,2,2,1,1,50,32,32,' +
        `"'=HYPERLINK(""x"") (incorrect): 1\nSeine (correct): 1"`,
    );

    const objectives = await app.inject({
      method: 'GET',
      url: `/api/scorm/packages/${quiz.packageId}/analytics/objectives.csv`,
      headers: instructor.headers,
    });
    expect(objectives.statusCode).toBe(200);
    expect(objectives.headers['content-disposition']).toContain('filename="capitals-objectives.csv"');
    expect(objectives.body).toBe(
      '\uFEFFSCO,Objective ID,Description,Learners,Attempts,Completed,Passed,Failed,Average score (%)\r\n' +
        'Capitals quiz,obj-geo,,2,3,3,2,1,70\r\nCapitals quiz,obj-history,,1,1,1,0,1,40\r\n',
    );
  });
  it('shows the reports to admins and the package owner only; learners are refused', async () => {
    const admin = await createScormPerson(app, db, 'admin');
    const otherInstructor = await createScormPerson(app, db, 'instructor');
    const paths = ['interactions', 'interactions.csv', 'objectives', 'objectives.csv'].map(
      (report) => `/api/scorm/packages/${quiz.packageId}/analytics/${report}`,
    );
    for (const url of paths) {
      expect((await client.call(quiz.ana, 'GET', url)).status).toBe(403);
      expect((await client.call(otherInstructor, 'GET', url)).status).toBe(404);
      expect((await app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
    }
  });
});
