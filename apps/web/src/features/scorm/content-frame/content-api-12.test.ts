import { describe, expect, it } from 'vitest';
import { createContentApi } from './content-api';
import { openScoSession } from './content-api.testing';

/** What the LMS hands a SCORM 1.2 launch (see buildLaunchCmi on the server). */
const LAUNCH = {
  core: {
    student_id: 'learner-7',
    student_name: 'Doe, Jane',
    entry: 'ab-initio',
    credit: 'credit',
    lesson_mode: 'normal',
    total_time: '0001:30:00',
  },
  launch_data: 'chapter=2',
  comments_from_lms: 'Read chapter 2 first.',
  student_data: { mastery_score: '80', max_time_allowed: '0002:00:00', time_limit_action: 'exit,message' },
};

const launch = (cmi: Record<string, unknown> = LAUNCH) => openScoSession('1.2', cmi, { initialize: false });
const started = (cmi: Record<string, unknown> = LAUNCH) => openScoSession('1.2', cmi);

describe('SCORM 1.2 session state', () => {
  it('refuses every data call before LMSInitialize with 301', () => {
    const { call, get, set } = launch();
    expect(get('cmi.core.student_id')).toEqual(['', '301']);
    expect(set('cmi.core.lesson_location', 'p1')).toEqual(['false', '301']);
    expect(call('LMSCommit', '')).toEqual(['false', '301']);
    expect(call('LMSFinish', '')).toEqual(['false', '301']);
  });

  it('initializes once, only with an empty argument', () => {
    const { call } = launch();
    expect(call('LMSInitialize', 'x')).toEqual(['false', '201']);
    expect(call('LMSInitialize', '')).toEqual(['true', '0']);
    expect(call('LMSInitialize', '')).toEqual(['false', '101']);
    expect(call('LMSCommit', 'x')).toEqual(['false', '201']);
    expect(call('LMSFinish', 'x')).toEqual(['false', '201']);
  });

  it('is no longer initialized after LMSFinish: every data call fails with 301', () => {
    const { call, get, set, reported } = started();
    expect(call('LMSFinish', '')).toEqual(['true', '0']);
    reported.length = 0;
    expect(get('cmi.core.student_id')).toEqual(['', '301']);
    expect(set('cmi.core.lesson_location', 'p2')).toEqual(['false', '301']);
    expect(call('LMSCommit', '')).toEqual(['false', '301']);
    expect(call('LMSFinish', '')).toEqual(['false', '301']);
    expect(call('LMSInitialize', '')).toEqual(['false', '101']);
    expect(reported.filter(([kind]) => kind === 'set')).toEqual([]);
    expect(reported.slice(0, 2)).toEqual([
      ['error', 301, 'cmi.core.student_id'],
      ['error', 301, 'cmi.core.lesson_location'],
    ]);
  });
});

describe('SCORM 1.2 values the LMS provides', () => {
  it.each([
    ['cmi.core.student_id', 'learner-7'],
    ['cmi.core.student_name', 'Doe, Jane'],
    ['cmi.core.credit', 'credit'],
    ['cmi.core.entry', 'ab-initio'],
    ['cmi.core.total_time', '01:30:00'],
    ['cmi.core.lesson_mode', 'normal'],
    ['cmi.launch_data', 'chapter=2'],
    ['cmi.comments_from_lms', 'Read chapter 2 first.'],
    ['cmi.student_data.mastery_score', '80'],
    ['cmi.student_data.max_time_allowed', '02:00:00'],
    ['cmi.student_data.time_limit_action', 'exit,message'],
  ])('%s reads %j and is read-only (403)', (element, value) => {
    const { get, set } = started();
    expect(get(element)).toEqual([value, '0']);
    expect(set(element, value)).toEqual(['false', '403']);
    expect(get(element)).toEqual([value, '0']);
  });

  it('starts lesson_status at "not attempted" and the learner-set values blank', () => {
    const { get } = started();
    expect(get('cmi.core.lesson_status')).toEqual(['not attempted', '0']);
    for (const element of ['cmi.core.lesson_location', 'cmi.core.score.raw', 'cmi.suspend_data', 'cmi.comments']) {
      expect(get(element)).toEqual(['', '0']);
    }
  });

  it('gives a resumed attempt its location, suspend data and status right after LMSInitialize', () => {
    const resumed = {
      ...LAUNCH,
      core: { ...LAUNCH.core, entry: 'resume', lesson_location: 'page-4', lesson_status: 'incomplete' },
      suspend_data: 'q1=a;q2=c',
    };
    const { get } = started(resumed);
    expect(get('cmi.core.entry')).toEqual(['resume', '0']);
    expect(get('cmi.core.lesson_location')).toEqual(['page-4', '0']);
    expect(get('cmi.core.lesson_status')).toEqual(['incomplete', '0']);
    expect(get('cmi.suspend_data')).toEqual(['q1=a;q2=c', '0']);
  });
});

describe('SCORM 1.2 keywords', () => {
  it.each([
    ['cmi._version', '3.4'],
    ['cmi._children', 'core,suspend_data,launch_data,comments,objectives,student_data,student_preference,interactions'],
    [
      'cmi.core._children',
      'student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time',
    ],
    ['cmi.core.score._children', 'raw,min,max'],
    ['cmi.objectives._children', 'id,score,status'],
    ['cmi.objectives._count', '0'],
    ['cmi.student_data._children', 'mastery_score,max_time_allowed,time_limit_action'],
    ['cmi.student_preference._children', 'audio,language,speed,text'],
    [
      'cmi.interactions._children',
      'id,objectives,time,type,correct_responses,weighting,student_response,result,latency',
    ],
    ['cmi.interactions._count', '0'],
  ])('%s reads %j and cannot be set (402)', (element, value) => {
    const { get, set } = started();
    expect(get(element)).toEqual([value, '0']);
    expect(set(element, 'x')).toEqual(['false', '402']);
  });

  it('answers _children of an element without children with 202 and _count of a non-array with 203', () => {
    const { get } = started();
    expect(get('cmi.core.student_id._children')).toEqual(['', '202']);
    expect(get('cmi.core._count')).toEqual(['', '203']);
  });

  it('answers elements the data model does not define with 401', () => {
    const { get, set } = started();
    expect(get('cmi.core.grade')).toEqual(['', '401']);
    expect(set('cmi.core.grade', 'A')).toEqual(['false', '401']);
    expect(get('cmi.objectives._version')).toEqual(['', '401']);
    expect(get('')).toEqual(['', '401']);
    expect(set('cmi.interactions.0.weight', '1')).toEqual(['false', '401']);
  });
});

describe('SCORM 1.2 values the content sets', () => {
  it.each([
    ['cmi.core.lesson_location', 'x'.repeat(255), 'x'.repeat(256)],
    ['cmi.core.lesson_status', 'passed', 'done'],
    ['cmi.core.lesson_status', 'completed', 'not attempted'],
    ['cmi.core.lesson_status', 'failed', 'Passed'],
    ['cmi.core.lesson_status', 'incomplete', ''],
    ['cmi.core.lesson_status', 'browsed', 'unknown'],
    ['cmi.core.score.raw', '50.5', '101'],
    ['cmi.core.score.raw', '0', '-1'],
    ['cmi.core.score.raw', '', 'abc'],
    ['cmi.core.score.min', '0', '100.5'],
    ['cmi.core.score.max', '100', 'max'],
    ['cmi.suspend_data', 'x'.repeat(4096), null],
    ['cmi.comments', 'Too long by half', 'x'.repeat(4097)],
    ['cmi.student_preference.audio', '-1', '-2'],
    ['cmi.student_preference.audio', '100', '101'],
    ['cmi.student_preference.language', 'de', 'x'.repeat(256)],
    ['cmi.student_preference.speed', '-100', '-101'],
    ['cmi.student_preference.speed', '100', '101'],
    ['cmi.student_preference.text', '-1', '2'],
    ['cmi.student_preference.text', '1', 'on'],
  ])('%s takes %j and refuses %j with 405', (element, good, bad) => {
    const { get, set } = started();
    expect(set(element, good)).toEqual(['true', '0']);
    expect(get(element)).toEqual([good, '0']);
    if (bad === null) return;
    expect(set(element, bad)).toEqual(['false', '405']);
    expect(get(element)).toEqual([good, '0']);
  });

  it.each([
    ['cmi.core.exit', ['time-out', 'suspend', 'logout', ''], 'quit'],
    ['cmi.core.session_time', ['0000:01:30.5', '12:00:00', '9999:59:59.99'], 'PT1M'],
  ])('%s is write-only (404) and takes only its format', (element, goods, bad) => {
    const { get, set } = started();
    for (const good of goods) expect(set(element, good)).toEqual(['true', '0']);
    expect(set(element, bad)).toEqual(['false', '405']);
    expect(get(element)).toEqual(['', '404']);
  });

  it('keeps suspend data beyond 4096 characters and reports it as over the limit', () => {
    const { set, get, reported } = started();
    expect(set('cmi.suspend_data', 'x'.repeat(4097))).toEqual(['true', '0']);
    expect(get('cmi.suspend_data')[0]).toHaveLength(4097);
    expect(reported).toContainEqual(['over-limit', 4097, '4096']);
  });
});

describe('SCORM 1.2 objectives', () => {
  it('records objectives in order with id, score and status', () => {
    const { get, set } = started();
    expect(set('cmi.objectives.0.id', 'obj-intro')).toEqual(['true', '0']);
    expect(set('cmi.objectives.0.score.raw', '90')).toEqual(['true', '0']);
    expect(set('cmi.objectives.0.score.min', '0')).toEqual(['true', '0']);
    expect(set('cmi.objectives.0.score.max', '100')).toEqual(['true', '0']);
    expect(set('cmi.objectives.0.status', 'passed')).toEqual(['true', '0']);
    expect(get('cmi.objectives._count')).toEqual(['1', '0']);
    expect(get('cmi.objectives.0.id')).toEqual(['obj-intro', '0']);
    expect(get('cmi.objectives.0.score._children')).toEqual(['raw,min,max', '0']);
    expect(get('cmi.objectives.0.score.raw')).toEqual(['90', '0']);
    expect(get('cmi.objectives.0.status')).toEqual(['passed', '0']);
  });

  it.each([
    ['cmi.objectives.0.id', 'x'.repeat(256)],
    ['cmi.objectives.0.status', 'done'],
    ['cmi.objectives.0.score.raw', '101'],
  ])('refuses %s = %j with 405', (element, value) => {
    const { set } = started();
    expect(set('cmi.objectives.0.id', 'obj-1')).toEqual(['true', '0']);
    expect(set(element, value)).toEqual(['false', '405']);
  });

  it('refuses an objective beyond the next free index with 201', () => {
    const { get, set } = started();
    expect(set('cmi.objectives.2.id', 'obj-3')).toEqual(['false', '201']);
    expect(get('cmi.objectives.5.id')).toEqual(['', '201']);
    expect(get('cmi.objectives._count')).toEqual(['0', '0']);
  });
});

describe('SCORM 1.2 interactions', () => {
  it.each([
    ['id', 'q-1', 'x'.repeat(256)],
    ['objectives.0.id', 'obj-1', 'x'.repeat(256)],
    ['time', '12:30:00', '25:00:00'],
    ['type', 'true-false', 'essay'],
    ['type', 'choice', 'Choice'],
    ['type', 'fill-in', ''],
    ['type', 'matching', 'drag'],
    ['type', 'performance', 'task'],
    ['type', 'sequencing', 'order'],
    ['type', 'likert', 'scale'],
    ['type', 'numeric', 'number'],
    ['correct_responses.0.pattern', 'a', null],
    ['weighting', '1.5', 'heavy'],
    ['student_response', 'a', null],
    ['result', 'correct', 'right'],
    ['result', 'wrong', 'false'],
    ['result', 'unanticipated', 'odd'],
    ['result', 'neutral', 'none'],
    ['result', '0.75', 'half'],
    ['latency', '0000:00:05', 'PT5S'],
  ])('interactions.n.%s takes %j, refuses %j with 405 and is write-only (404)', (field, good, bad) => {
    const { get, set } = started();
    const element = `cmi.interactions.0.${field}`;
    expect(set(element, good)).toEqual(['true', '0']);
    if (bad !== null) expect(set(element, bad)).toEqual(['false', '405']);
    expect(get(element)).toEqual(['', '404']);
  });

  it('counts interactions, their objectives and correct responses', () => {
    const { get, set } = started();
    set('cmi.interactions.0.id', 'q-1');
    set('cmi.interactions.0.objectives.0.id', 'obj-1');
    set('cmi.interactions.0.correct_responses.0.pattern', 'b');
    set('cmi.interactions.1.id', 'q-2');
    expect(get('cmi.interactions._count')).toEqual(['2', '0']);
    expect(get('cmi.interactions.0.objectives._count')).toEqual(['1', '0']);
    expect(get('cmi.interactions.0.correct_responses._count')).toEqual(['1', '0']);
    expect(set('cmi.interactions.3.id', 'q-4')).toEqual(['false', '201']);
  });
});

describe('SCORM 1.2 error reporting', () => {
  it.each([
    ['0', 'No Error'],
    ['101', 'General Exception'],
    ['201', 'Invalid argument error'],
    ['202', 'Element cannot have children'],
    ['203', 'Element not an array - cannot have count'],
    ['301', 'Not initialized'],
    ['401', 'Not implemented error'],
    ['402', 'Invalid set value, element is a keyword'],
    ['403', 'Element is read only'],
    ['404', 'Element is write only'],
    ['405', 'Incorrect Data Type'],
  ])('LMSGetErrorString(%s) is %j, callable before LMSInitialize', (code, text) => {
    const { call } = launch();
    expect(call('LMSGetErrorString', code)).toEqual([text, '0']);
  });

  it('describes the last error in LMSGetDiagnostic without changing it', () => {
    const { call, set } = started();
    expect(set('cmi.core.student_id', 'someone-else')).toEqual(['false', '403']);
    expect(call('LMSGetDiagnostic', '')).toEqual([expect.stringMatching(/read/i), '403']);
    expect(call('LMSGetDiagnostic', '405')).toEqual([expect.stringMatching(/data format/i), '403']);
    expect(call('LMSGetErrorString', '403')).toEqual(['Element is read only', '403']);
  });

  it('reports exactly the successful sets in order, and each failed call with its code and element', () => {
    const { call, set, get, reported } = launch();
    get('cmi.core.lesson_status');
    call('LMSInitialize', '');
    set('cmi.core.lesson_location', 'page-1');
    set('cmi.core.score.raw', 'lots');
    set('cmi.core.lesson_status', 'incomplete');
    get('cmi.core.exit');
    set('cmi.core.score.raw', '75');
    call('LMSCommit', 'x');
    expect(reported).toEqual([
      ['error', 301, 'cmi.core.lesson_status'],
      ['set', 'cmi.core.lesson_location', 'page-1'],
      ['error', 405, 'cmi.core.score.raw'],
      ['set', 'cmi.core.lesson_status', 'incomplete'],
      ['error', 404, 'cmi.core.exit'],
      ['set', 'cmi.core.score.raw', '75'],
      ['error', 201, null],
    ]);
  });
});

describe('a commit after the attempt was opened again elsewhere', () => {
  it('answers "false" with the general exception in SCORM 1.2 and the commit failure in 2004, and is not sent', () => {
    for (const [family, code, names] of [
      ['1.2', '101', { initialize: 'LMSInitialize', commit: 'LMSCommit', error: 'LMSGetLastError' }],
      ['2004', '391', { initialize: 'Initialize', commit: 'Commit', error: 'GetLastError' }],
    ] as const) {
      let lost = false;
      const commits: string[] = [];
      const api = createContentApi({
        family,
        cmi: family === '1.2' ? LAUNCH : {},
        events: { onCommit: () => commits.push('sent'), commitsLost: () => lost },
      }) as unknown as Record<string, (argument?: string) => string>;
      const call = (name: string) => api[name]?.call(api, '');
      expect(call(names.initialize)).toBe('true');
      expect(call(names.commit)).toBe('true');
      lost = true;
      expect(call(names.commit), family).toBe('false');
      expect(call(names.error), family).toBe(code);
      expect(commits).toEqual(['sent']);
    }
  });
});
