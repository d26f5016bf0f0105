import { describe, expect, it } from 'vitest';
import { applyNavValidity } from './content-api';
import { openScoSession } from './content-api.testing';

/** What the LMS hands a SCORM 2004 launch (see buildLaunchCmi on the server). */
const LAUNCH = {
  learner_id: 'learner-7',
  learner_name: 'Doe, Jane',
  entry: 'ab-initio',
  credit: 'credit',
  mode: 'normal',
  total_time: 'PT1H30M',
  launch_data: 'chapter=2',
  completion_threshold: '0.8',
  scaled_passing_score: '0.7',
  max_time_allowed: 'PT2H',
  time_limit_action: 'continue,no message',
  comments_from_lms: [{ comment: 'Read chapter 2 first.', location: 'intro', timestamp: '2024-03-01T09:00:00' }],
};

const launch = (cmi: Record<string, unknown> = LAUNCH) => openScoSession('2004', cmi, { initialize: false });
const started = (cmi: Record<string, unknown> = LAUNCH) => openScoSession('2004', cmi);

describe('SCORM 2004 session state', () => {
  it('refuses calls before Initialize with 122, 132, 142 and 112', () => {
    const { call, get, set } = launch();
    expect(get('cmi.learner_id')).toEqual(['', '122']);
    expect(set('cmi.location', 'p1')).toEqual(['false', '132']);
    expect(call('Commit', '')).toEqual(['false', '142']);
    expect(call('Terminate', '')).toEqual(['false', '112']);
  });

  it('initializes once (103), only with an empty argument (201)', () => {
    const { call } = launch();
    expect(call('Initialize', 'x')).toEqual(['false', '201']);
    expect(call('Initialize', '')).toEqual(['true', '0']);
    expect(call('Initialize', '')).toEqual(['false', '103']);
    expect(call('Commit', 'x')).toEqual(['false', '201']);
    expect(call('Terminate', 'x')).toEqual(['false', '201']);
    expect(call('Commit', '')).toEqual(['true', '0']);
  });

  it('refuses calls after Terminate with 123, 133, 143, 113 and 104', () => {
    const { call, get, set } = started();
    expect(call('Terminate', '')).toEqual(['true', '0']);
    expect(get('cmi.learner_id')).toEqual(['', '123']);
    expect(set('cmi.location', 'p2')).toEqual(['false', '133']);
    expect(call('Commit', '')).toEqual(['false', '143']);
    expect(call('Terminate', '')).toEqual(['false', '113']);
    expect(call('Initialize', '')).toEqual(['false', '104']);
  });
});

describe('SCORM 2004 values the LMS provides', () => {
  it.each([
    ['cmi.learner_id', 'learner-7'],
    ['cmi.learner_name', 'Doe, Jane'],
    ['cmi.entry', 'ab-initio'],
    ['cmi.credit', 'credit'],
    ['cmi.mode', 'normal'],
    ['cmi.total_time', 'PT1H30M'],
    ['cmi.launch_data', 'chapter=2'],
    ['cmi.completion_threshold', '0.8'],
    ['cmi.scaled_passing_score', '0.7'],
    ['cmi.max_time_allowed', 'PT2H'],
    ['cmi.time_limit_action', 'continue,no message'],
    ['cmi.comments_from_lms._count', '1'],
    ['cmi.comments_from_lms.0.comment', 'Read chapter 2 first.'],
    ['cmi.comments_from_lms.0.location', 'intro'],
    ['cmi.comments_from_lms.0.timestamp', '2024-03-01T09:00:00'],
  ])('%s reads %j and is read-only (404)', (element, value) => {
    const { get, set } = started();
    expect(get(element)).toEqual([value, '0']);
    expect(set(element, value)).toEqual(['false', '404']);
  });

  it('starts both statuses at "unknown" and answers elements nothing has set with 403, unreported', () => {
    const { get, reported } = started();
    expect(get('cmi.completion_status')).toEqual(['unknown', '0']);
    expect(get('cmi.success_status')).toEqual(['unknown', '0']);
    for (const element of [
      'cmi.score.raw',
      'cmi.score.scaled',
      'cmi.location',
      'cmi.suspend_data',
      'cmi.progress_measure',
    ]) {
      expect(get(element)).toEqual(['', '403']);
    }
    expect(reported).toEqual([]);
  });

  it('gives a resumed attempt its location, suspend data and objectives right after Initialize', () => {
    const resumed = {
      ...LAUNCH,
      entry: 'resume',
      completion_threshold: '',
      location: 'page-4',
      suspend_data: '{"q1":"a"}',
      completion_status: 'incomplete',
      objectives: { 0: { id: 'obj-intro', success_status: 'passed', score: { scaled: '0.9' } } },
    };
    const { get } = started(resumed);
    expect(get('cmi.entry')).toEqual(['resume', '0']);
    expect(get('cmi.location')).toEqual(['page-4', '0']);
    expect(get('cmi.suspend_data')).toEqual(['{"q1":"a"}', '0']);
    expect(get('cmi.completion_status')).toEqual(['incomplete', '0']);
    expect(get('cmi.objectives._count')).toEqual(['1', '0']);
    expect(get('cmi.objectives.0.id')).toEqual(['obj-intro', '0']);
    expect(get('cmi.objectives.0.score.scaled')).toEqual(['0.9', '0']);
  });
});

describe('SCORM 2004 keywords and element names', () => {
  it.each([
    ['cmi._version', '1.0'],
    ['cmi.score._children', 'max,raw,scaled,min'],
    ['cmi.comments_from_learner._children', 'comment,timestamp,location'],
    ['cmi.comments_from_learner._count', '0'],
    ['cmi.comments_from_lms._children', 'comment,timestamp,location'],
    ['cmi.learner_preference._children', 'audio_level,audio_captioning,delivery_speed,language'],
    ['cmi.objectives._children', 'progress_measure,completion_status,success_status,description,score,id'],
    ['cmi.objectives._count', '0'],
    [
      'cmi.interactions._children',
      'id,type,objectives,timestamp,correct_responses,weighting,learner_response,result,latency,description',
    ],
    ['cmi.interactions._count', '0'],
  ])('%s reads %j and is read-only (404)', (element, value) => {
    const { get, set } = started();
    expect(get(element)).toEqual([value, '0']);
    expect(set(element, 'x')).toEqual(['false', '404']);
  });

  it('lists every cmi element in cmi._children', () => {
    const { get } = started();
    const [children] = get('cmi._children');
    expect(children?.split(',').sort()).toEqual(
      [
        '_version',
        'comments_from_learner',
        'comments_from_lms',
        'completion_status',
        'completion_threshold',
        'credit',
        'entry',
        'exit',
        'interactions',
        'launch_data',
        'learner_id',
        'learner_name',
        'learner_preference',
        'location',
        'max_time_allowed',
        'mode',
        'objectives',
        'progress_measure',
        'scaled_passing_score',
        'score',
        'session_time',
        'success_status',
        'suspend_data',
        'time_limit_action',
        'total_time',
      ].sort(),
    );
  });

  it('answers undefined elements with 401 and empty or childless requests with 301 and 351', () => {
    const { get, set } = started();
    expect(get('cmi.grade')).toEqual(['', '401']);
    expect(set('cmi.grade', 'A')).toEqual(['false', '401']);
    expect(get('')).toEqual(['', '301']);
    expect(set('', 'x')).toEqual(['false', '351']);
    expect(get('cmi.location._children')).toEqual(['', '301']);
    expect(get('cmi.location._count')).toEqual(['', '301']);
  });
});

describe('SCORM 2004 values the content sets', () => {
  it.each([
    ['cmi.completion_status', ['completed', 'incomplete', 'not attempted', 'unknown'], 'done', '406'],
    ['cmi.success_status', ['passed', 'failed', 'unknown'], 'Passed', '406'],
    ['cmi.score.scaled', ['1', '-1', '0.25'], '1.01', '407'],
    ['cmi.score.scaled', ['0'], '-1.5', '407'],
    ['cmi.score.scaled', ['0.5'], 'high', '406'],
    ['cmi.score.raw', ['-500.5', '1000', '0'], 'x', '406'],
    ['cmi.score.min', ['-10'], '', '406'],
    ['cmi.score.max', ['250.75'], 'max', '406'],
    ['cmi.progress_measure', ['0', '1', '0.5'], '1.1', '407'],
    ['cmi.progress_measure', ['0.5'], '-0.1', '407'],
    ['cmi.location', ['x'.repeat(1000), 'page-2'], 'x'.repeat(1001), '406'],
    ['cmi.suspend_data', ['x'.repeat(64000)], 'x'.repeat(64001), '406'],
    ['cmi.learner_preference.audio_level', ['0', '2.5', '1'], '-1', '407'],
    ['cmi.learner_preference.language', ['en-US', 'de'], 'not a language!', '406'],
    ['cmi.learner_preference.delivery_speed', ['2', '0.5'], '-1', '407'],
    ['cmi.learner_preference.audio_captioning', ['-1', '0', '1'], '2', '407'],
  ])('%s takes %j and refuses %j with %s', (element, goods, bad, code) => {
    const { get, set } = started({ ...LAUNCH, completion_threshold: '', scaled_passing_score: '' });
    for (const good of goods) {
      expect(set(element, good)).toEqual(['true', '0']);
      expect(get(element)).toEqual([good, '0']);
    }
    expect(set(element, bad)).toEqual(['false', code]);
    expect(get(element)).toEqual([goods.at(-1), '0']);
  });

  it.each([
    ['cmi.exit', ['time-out', 'suspend', 'logout', 'normal', ''], 'quit'],
    ['cmi.session_time', ['PT1H30M5.5S', 'P1DT2M', 'PT0S'], '00:01:00'],
  ])('%s is write-only (405) and takes only its format (406)', (element, goods, bad) => {
    const { get, set } = started();
    for (const good of goods) expect(set(element, good)).toEqual(['true', '0']);
    expect(set(element, bad)).toEqual(['false', '406']);
    expect(get(element)).toEqual(['', '405']);
  });

  it('derives completion from progress when the activity has a completion threshold', () => {
    const { get, set } = started();
    expect(get('cmi.completion_status')).toEqual(['unknown', '0']);
    set('cmi.completion_status', 'completed');
    set('cmi.progress_measure', '0.5');
    expect(get('cmi.completion_status')).toEqual(['incomplete', '0']);
    set('cmi.progress_measure', '0.8');
    expect(get('cmi.completion_status')).toEqual(['completed', '0']);
  });

  it('derives success from the scaled score when the activity has a scaled passing score', () => {
    const { get, set } = started();
    expect(get('cmi.success_status')).toEqual(['unknown', '0']);
    set('cmi.success_status', 'passed');
    set('cmi.score.scaled', '0.5');
    expect(get('cmi.success_status')).toEqual(['failed', '0']);
    set('cmi.score.scaled', '0.7');
    expect(get('cmi.success_status')).toEqual(['passed', '0']);
  });
});

describe('SCORM 2004 navigation requests', () => {
  it.each([
    'continue',
    'previous',
    'exit',
    'exitAll',
    'abandon',
    'abandonAll',
    'suspendAll',
    '_none_',
    '{target=sco-2}choice',
    '{target=sco-2}jump',
  ])('adl.nav.request takes %j and reads it back', (request) => {
    const { get, set } = started();
    expect(get('adl.nav.request')).toEqual(['_none_', '0']);
    expect(set('adl.nav.request', request)).toEqual(['true', '0']);
    expect(get('adl.nav.request')).toEqual([request, '0']);
  });

  it.each(['start', 'resumeAll', 'retry', 'retryAll', 'next', '{target=sco-2}continue'])(
    'adl.nav.request refuses %j (406)',
    (request) => {
      const { get, set } = started();
      set('adl.nav.request', 'continue');
      expect(set('adl.nav.request', request)).toEqual(['false', '406']);
      expect(get('adl.nav.request')).toEqual(['continue', '0']);
    },
  );

  it('answers adl.nav.request_valid.* with what the player decided, read-only (404)', () => {
    const { api, get, set } = started();
    expect(get('adl.nav.request_valid.continue')).toEqual(['unknown', '0']);
    applyNavValidity(api, { continue: true, previous: false, choice: { 'sco-2': true } });
    expect(get('adl.nav.request_valid.continue')).toEqual(['true', '0']);
    expect(get('adl.nav.request_valid.previous')).toEqual(['false', '0']);
    expect(get('adl.nav.request_valid.choice.{target=sco-2}')).toEqual(['true', '0']);
    expect(get('adl.nav.request_valid.choice.{target=sco-9}')).toEqual(['unknown', '0']);
    expect(set('adl.nav.request_valid.continue', 'false')).toEqual(['false', '404']);
    expect(set('adl.nav.request_valid.choice.{target=sco-2}', 'false')).toEqual(['false', '404']);
  });

  it('hands the navigation request to the player when the content terminates', () => {
    const { call, set, reported } = started();
    set('adl.nav.request', '{target=sco-3}choice');
    expect(call('Terminate', '')).toEqual(['true', '0']);
    expect(reported.at(-1)).toEqual(['terminate', '2004', '{target=sco-3}choice']);
  });
});

describe('SCORM 2004 error reporting', () => {
  it.each([
    ['0', 'No Error'],
    ['101', 'General Exception'],
    ['102', 'General Initialization Failure'],
    ['103', 'Already Initialized'],
    ['104', 'Content Instance Terminated'],
    ['111', 'General Termination Failure'],
    ['112', 'Termination Before Initialization'],
    ['113', 'Termination After Termination'],
    ['122', 'Retrieve Data Before Initialization'],
    ['123', 'Retrieve Data After Termination'],
    ['132', 'Store Data Before Initialization'],
    ['133', 'Store Data After Termination'],
    ['142', 'Commit Before Initialization'],
    ['143', 'Commit After Termination'],
    ['201', 'General Argument Error'],
    ['301', 'General Get Failure'],
    ['351', 'General Set Failure'],
    ['391', 'General Commit Failure'],
    ['401', 'Undefined Data Model Element'],
    ['402', 'Unimplemented Data Model Element'],
    ['403', 'Data Model Element Value Not Initialized'],
    ['404', 'Data Model Element Is Read Only'],
    ['405', 'Data Model Element Is Write Only'],
    ['406', 'Data Model Element Type Mismatch'],
    ['407', 'Data Model Element Value Out Of Range'],
    ['408', 'Data Model Dependency Not Established'],
    ['999', ''],
  ])('GetErrorString(%s) is %j, callable before Initialize', (code, text) => {
    const { call } = launch();
    expect(call('GetErrorString', code)).toEqual([text, '0']);
  });

  it('explains the last error in GetDiagnostic without changing it', () => {
    const { call, set } = started();
    expect(set('cmi.objectives.0.score.raw', '5')).toEqual(['false', '408']);
    expect(call('GetDiagnostic', '')).toEqual([expect.stringContaining('cmi.objectives.0.id'), '408']);
    expect(call('GetDiagnostic', '404')).toEqual([expect.stringMatching(/read/i), '408']);
  });

  it('resets the error code on every successful call', () => {
    const { get, set } = started();
    expect(set('cmi.score.scaled', '2')).toEqual(['false', '407']);
    expect(get('cmi.completion_status')).toEqual(['unknown', '0']);
    expect(set('cmi.exit', 'quit')).toEqual(['false', '406']);
    expect(get('cmi.success_status')).toEqual(['unknown', '0']);
  });

  it('reports exactly the successful sets in order, and each failed call with its code and element', () => {
    const { call, get, set, reported } = launch({ ...LAUNCH, completion_threshold: '' });
    get('cmi.location');
    call('Initialize', '');
    get('cmi.location');
    set('cmi.location', 'page-1');
    set('cmi.score.scaled', '1.5');
    set('cmi.objectives.0.success_status', 'passed');
    set('cmi.completion_status', 'incomplete');
    get('cmi.exit');
    set('cmi.objectives.0.id', 'obj-1');
    call('Commit', 'x');
    set('cmi.exit', 'suspend');
    expect(reported).toEqual([
      ['error', 122, 'cmi.location'],
      ['set', 'cmi.location', 'page-1'],
      ['error', 407, 'cmi.score.scaled'],
      ['error', 408, 'cmi.objectives.0.success_status'],
      ['set', 'cmi.completion_status', 'incomplete'],
      ['error', 405, 'cmi.exit'],
      ['set', 'cmi.objectives.0.id', 'obj-1'],
      ['error', 201, null],
      ['set', 'cmi.exit', 'suspend'],
    ]);
  });
});
