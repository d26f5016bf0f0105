import { describe, expect, it } from 'vitest';
import { openScoSession } from './content-api.testing';

const LAUNCH = { learner_id: 'learner-7', learner_name: 'Doe, Jane', entry: 'ab-initio', mode: 'normal' };
const started = () => openScoSession('2004', LAUNCH);

describe('SCORM 2004 comments from the learner', () => {
  it('records comments in order with comment, location and timestamp', () => {
    const { get, set } = started();
    expect(set('cmi.comments_from_learner.0.comment', '{lang=en}Too fast')).toEqual(['true', '0']);
    expect(set('cmi.comments_from_learner.0.location', 'page-3')).toEqual(['true', '0']);
    expect(set('cmi.comments_from_learner.0.timestamp', '2024-03-01T10:15:30.5Z')).toEqual(['true', '0']);
    expect(set('cmi.comments_from_learner.0.timestamp', 'yesterday')).toEqual(['false', '406']);
    expect(get('cmi.comments_from_learner._count')).toEqual(['1', '0']);
    expect(get('cmi.comments_from_learner.0.comment')).toEqual(['{lang=en}Too fast', '0']);
    expect(get('cmi.comments_from_learner.0.location')).toEqual(['page-3', '0']);
    expect(get('cmi.comments_from_learner.0.timestamp')).toEqual(['2024-03-01T10:15:30.5Z', '0']);
    expect(set('cmi.comments_from_learner.2.comment', 'skipped one')).toEqual(['false', '351']);
  });

  it('keeps the comments from the LMS read-only, new or existing (404)', () => {
    const { set } = openScoSession('2004', { ...LAUNCH, comments_from_lms: [{ comment: 'Welcome' }] });
    expect(set('cmi.comments_from_lms.0.comment', 'Edited')).toEqual(['false', '404']);
    expect(set('cmi.comments_from_lms.1.comment', 'Added')).toEqual(['false', '404']);
  });
});

describe('SCORM 2004 objectives', () => {
  it('needs the id before any other element of a new objective (408)', () => {
    const { get, set } = started();
    for (const element of ['score.raw', 'score.scaled', 'success_status', 'completion_status', 'description']) {
      expect(set(`cmi.objectives.0.${element}`, '0.5')).toEqual(['false', '408']);
    }
    expect(get('cmi.objectives._count')).toEqual(['0', '0']);
  });

  it('records an objective once its id is set', () => {
    const { get, set } = started();
    expect(set('cmi.objectives.0.id', 'obj-intro')).toEqual(['true', '0']);
    for (const [element, value] of [
      ['score.scaled', '0.85'],
      ['score.raw', '85'],
      ['score.min', '0'],
      ['score.max', '100'],
      ['success_status', 'passed'],
      ['completion_status', 'completed'],
      ['progress_measure', '1'],
      ['description', '{lang=en}Introduction'],
    ] as const) {
      expect(set(`cmi.objectives.0.${element}`, value)).toEqual(['true', '0']);
      expect(get(`cmi.objectives.0.${element}`)).toEqual([value, '0']);
    }
    expect(get('cmi.objectives._count')).toEqual(['1', '0']);
    expect(get('cmi.objectives.0.score._children')).toEqual(['max,raw,scaled,min', '0']);
  });

  it.each([
    ['score.scaled', '1.5', '407'],
    ['progress_measure', '-0.5', '407'],
    ['success_status', 'done', '406'],
    ['completion_status', 'done', '406'],
  ])('refuses objectives.n.%s = %j with %s', (element, value, code) => {
    const { set } = started();
    set('cmi.objectives.0.id', 'obj-1');
    expect(set(`cmi.objectives.0.${element}`, value)).toEqual(['false', code]);
  });

  it('keeps objective ids unique and unchanged (351), and the collection in order (351)', () => {
    const { get, set } = started();
    set('cmi.objectives.0.id', 'obj-1');
    expect(set('cmi.objectives.1.id', 'obj-1')).toEqual(['false', '351']);
    expect(set('cmi.objectives.0.id', 'obj-renamed')).toEqual(['false', '351']);
    expect(set('cmi.objectives.0.id', 'obj-1')).toEqual(['true', '0']);
    expect(set('cmi.objectives.3.id', 'obj-4')).toEqual(['false', '351']);
    expect(get('cmi.objectives._count')).toEqual(['1', '0']);
  });
});

/** A response for each interaction type (RTE 4.2.9): one the type takes, one it refuses, and how many patterns it has. */
const INTERACTION_TYPES = [
  ['true-false', 'true', 'yes', 1],
  ['choice', 'a[,]b', 'a[,]a', 10],
  ['fill-in', 'Paris', null, 10],
  ['long-fill-in', '{lang=en}A long answer', '{lang=!!}x', 10],
  ['likert', 'agree', 'a b', 1],
  ['matching', 'a[.]1[,]b[.]2', 'a[.]', 10],
  ['performance', 'step1[.]pour[,]step2[.]stir', '[.][,]', 10],
  ['sequencing', 'a[,]b[,]c', '', 10],
  ['numeric', '1.5', 'abc', 1],
  ['other', 'anything at all', null, 1],
] as const;

describe('SCORM 2004 interactions', () => {
  it('needs the id before any other element of a new interaction (408)', () => {
    const { get, set } = started();
    for (const [element, value] of [
      ['type', 'choice'],
      ['result', 'correct'],
      ['timestamp', '2024-03-01T10:00:00'],
      ['objectives.0.id', 'obj-1'],
      ['correct_responses.0.pattern', 'a'],
    ]) {
      expect(set(`cmi.interactions.0.${element}`, value ?? '')).toEqual(['false', '408']);
    }
    expect(get('cmi.interactions._count')).toEqual(['0', '0']);
  });

  it.each(INTERACTION_TYPES)('a %s interaction takes %j and refuses %j', (type, good, bad, patterns) => {
    const { get, set } = started();
    set('cmi.interactions.0.id', `q-${type}`);
    expect(set('cmi.interactions.0.learner_response', good)).toEqual(['false', '408']);
    expect(set('cmi.interactions.0.type', type)).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.learner_response', good)).toEqual(['true', '0']);
    expect(get('cmi.interactions.0.learner_response')).toEqual([good, '0']);
    expect(set('cmi.interactions.0.correct_responses.0.pattern', good)).toEqual(['true', '0']);
    if (bad !== null) {
      expect(set('cmi.interactions.0.learner_response', bad)).toEqual(['false', '406']);
      expect(set('cmi.interactions.0.correct_responses.0.pattern', bad)).toEqual(['false', '406']);
    }
    if (patterns === 1) expect(set('cmi.interactions.0.correct_responses.1.pattern', good)).toEqual(['false', '351']);
    expect(get('cmi.interactions.0.correct_responses._count')).toEqual(['1', '0']);
  });

  it('takes several distinct correct patterns for a choice and a numeric range', () => {
    const { get, set } = started();
    set('cmi.interactions.0.id', 'q-choice');
    set('cmi.interactions.0.type', 'choice');
    expect(set('cmi.interactions.0.correct_responses.0.pattern', 'a')).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.correct_responses.1.pattern', 'b[,]c')).toEqual(['true', '0']);
    expect(get('cmi.interactions.0.correct_responses._count')).toEqual(['2', '0']);
    set('cmi.interactions.1.id', 'q-numeric');
    set('cmi.interactions.1.type', 'numeric');
    expect(set('cmi.interactions.1.correct_responses.0.pattern', '1.5[:]2.5')).toEqual(['true', '0']);
    expect(set('cmi.interactions.1.learner_response', '1.5[:]2.5')).toEqual(['false', '406']);
  });

  it('takes matching options in a fill-in pattern but not in the learner response', () => {
    const { set } = started();
    set('cmi.interactions.0.id', 'q-fill-in');
    set('cmi.interactions.0.type', 'fill-in');
    expect(set('cmi.interactions.0.correct_responses.0.pattern', '{case_matters=true}Paris')).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.correct_responses.1.pattern', '{order_matters=false}a[,]b')).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.learner_response', '{case_matters=true}Paris')).toEqual(['false', '406']);
  });

  it.each([
    ['timestamp', '2024-03-01T10:00:00.5Z', 'today'],
    ['weighting', '1.5', 'heavy'],
    ['result', 'correct', 'right'],
    ['result', 'incorrect', 'wrong'],
    ['result', 'unanticipated', 'odd'],
    ['result', 'neutral', 'none'],
    ['result', '-0.75', 'half'],
    ['latency', 'PT5.5S', '00:00:05'],
    ['description', '{lang=en}Capital of France', '{lang=!!}x'],
  ])('interactions.n.%s takes %j and refuses %j (406)', (element, good, bad) => {
    const { get, set } = started();
    set('cmi.interactions.0.id', 'q-1');
    expect(set(`cmi.interactions.0.${element}`, good)).toEqual(['true', '0']);
    expect(get(`cmi.interactions.0.${element}`)).toEqual([good, '0']);
    expect(set(`cmi.interactions.0.${element}`, bad)).toEqual(['false', '406']);
  });

  it('keeps objective ids within an interaction unique (351)', () => {
    const { get, set } = started();
    set('cmi.interactions.0.id', 'q-1');
    expect(set('cmi.interactions.0.objectives.0.id', 'obj-1')).toEqual(['true', '0']);
    expect(set('cmi.interactions.0.objectives.1.id', 'obj-1')).toEqual(['false', '351']);
    expect(get('cmi.interactions.0.objectives._count')).toEqual(['1', '0']);
    expect(get('cmi.interactions.0.objectives.0.id')).toEqual(['obj-1', '0']);
    expect(set('cmi.interactions.2.id', 'q-3')).toEqual(['false', '351']);
  });
});
