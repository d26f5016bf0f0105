import { describe, expect, it } from 'vitest';
import type { ScormOrganizationTree, ScormSco, ScormScoSettings } from './scorm.ts';
import { lockedScoIds, parsePrerequisites, prerequisitesMet, type ScormLessonStatus } from './scorm-prerequisites.ts';

const statuses = (known: Record<string, ScormLessonStatus>) => (id: string) => known[id] ?? null;

describe('AICC prerequisite scripts', () => {
  const progress = statuses({
    intro: 'completed',
    quiz: 'passed',
    lab: 'incomplete',
    exam: 'failed',
    extra: 'browsed',
    later: 'not attempted',
  });
  const met = (script: string) => prerequisitesMet(script, progress);

  it('holds a bare identifier when the item is passed or completed', () => {
    expect(met('intro')).toBe(true);
    expect(met('quiz')).toBe(true);
    expect(met('lab')).toBe(false);
    expect(met('exam')).toBe(false);
    expect(met('extra')).toBe(false);
    expect(met('later')).toBe(false);
  });

  it('combines with &, | and ~, with & binding tighter than |, and parentheses', () => {
    expect(met('intro & quiz')).toBe(true);
    expect(met('intro & lab')).toBe(false);
    expect(met('lab | quiz')).toBe(true);
    expect(met('~lab')).toBe(true);
    expect(met('~(intro & quiz)')).toBe(false);
    expect(met('lab & exam | quiz')).toBe(true);
    expect(met('lab & (exam | quiz)')).toBe(false);
  });

  it('compares statuses with = and <>, spelled out, quoted or by letter', () => {
    expect(met('exam = failed')).toBe(true);
    expect(met('exam="failed"')).toBe(true);
    expect(met('exam = f')).toBe(true);
    expect(met('later = not attempted')).toBe(true);
    expect(met('later = "not attempted" & extra = browsed')).toBe(true);
    expect(met('lab <> incomplete')).toBe(false);
    expect(met('lab <> i | intro = c')).toBe(true);
  });

  it('evaluates sets as all members, and n*{...} as at least n of them', () => {
    expect(met('{intro,quiz}')).toBe(true);
    expect(met('{intro,lab}')).toBe(false);
    expect(met('2*{intro,lab,quiz}')).toBe(true);
    expect(met('3*{intro,lab,quiz}')).toBe(false);
    expect(met('1*{lab,exam = failed}')).toBe(true);
    expect(met('~2*{lab,exam,later}')).toBe(true);
  });

  it('locks nothing for an empty or unparsable script, or for identifiers the package does not have', () => {
    expect(met('')).toBe(true);
    expect(met('intro &')).toBe(true);
    expect(met('(intro')).toBe(true);
    expect(met('exam = maybe')).toBe(true);
    expect(parsePrerequisites('intro & | quiz')).toBeNull();
    expect(met('missing_item')).toBe(true);
  });
});

describe('locked SCOs of a SCORM 1.2 organization', () => {
  const settings = (prerequisites: string | null): ScormScoSettings => ({
    parameters: null,
    mastery_score: null,
    completion_threshold: null,
    time_limit_action: null,
    data_from_lms: null,
    max_time_allowed: null,
    prerequisites,
  });
  const item = (item_id: string, children: ScormOrganizationTree['items'] = []) => ({
    item_id,
    title: item_id,
    is_visible: true,
    launchable: children.length === 0,
    sequencing: null,
    hide_lms_ui: [],
    children,
  });
  const organization: ScormOrganizationTree = {
    id: 'org',
    title: 'Course',
    sequencing: null,
    items: [item('module', [item('lesson1'), item('lesson2')]), item('test')],
  };
  const scos: Array<Pick<ScormSco, 'id' | 'item_id' | 'settings'>> = [
    { id: 's1', item_id: 'lesson1', settings: settings(null) },
    { id: 's2', item_id: 'lesson2', settings: settings('lesson1') },
    { id: 's3', item_id: 'test', settings: settings('module') },
  ];
  const done = (sco_id: string, completion_status = 'completed', success_status = 'unknown') => ({
    sco_id,
    completion_status,
    success_status,
    attempts: 1,
  });

  it('unlocks each SCO once what it waits for is done, aggregations included', () => {
    expect([...lockedScoIds(organization, scos, [])]).toEqual(['s2', 's3']);
    expect([...lockedScoIds(organization, scos, [done('s1')])]).toEqual(['s3']);
    expect([...lockedScoIds(organization, scos, [done('s1'), done('s2', 'incomplete')])]).toEqual(['s3']);
    expect([...lockedScoIds(organization, scos, [done('s1', 'completed', 'passed'), done('s2')])]).toEqual([]);
  });
});
