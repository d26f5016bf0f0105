import type { ScormOrganizationTree, ScormSco, ScormTreeItem } from '@portal/shared/scorm';
import { describe, expect, it } from 'vitest';
import { flattenActivities, inEngineOrder, lockedScosOf, parseNavRequest, simpleNavigationFor } from './navigation';

const item = (id: string, children: ScormTreeItem[] = [], extra: Partial<ScormTreeItem> = {}): ScormTreeItem => ({
  item_id: id,
  title: id,
  is_visible: true,
  launchable: children.length === 0,
  sequencing: null,
  hide_lms_ui: [],
  children,
  ...extra,
});

const sco = (id: string): ScormSco => ({
  id: `sco-${id}`,
  item_id: id,
  organization_id: 'org',
  parent_item_id: null,
  title: id,
  launch_url: `${id}.html`,
  scorm_type: 'sco',
  is_visible: true,
  settings: {
    parameters: null,
    mastery_score: null,
    completion_threshold: null,
    time_limit_action: null,
    data_from_lms: null,
    max_time_allowed: null,
    prerequisites: null,
  },
});

const skipWhenSatisfied = {
  sequencingRules: {
    preConditionRules: [{ conditions: [{ condition: 'satisfied' }], action: 'skip' }],
  },
};

function organization(sequencing: Record<string, unknown> | null): ScormOrganizationTree {
  return {
    id: 'org',
    title: 'Course',
    sequencing,
    items: [
      item('intro'),
      item('module', [item('lesson'), item('pretest', [], { sequencing: skipWhenSatisfied })], { sequencing }),
      item('exam', [], { hide_lms_ui: ['previous'] }),
    ],
  };
}

const scos = ['intro', 'lesson', 'pretest', 'exam'].map(sco);

describe('navigation in the player', () => {
  it('lists activities in delivery order, children after their parent', () => {
    expect(flattenActivities(organization(null), scos).map((activity) => activity.sco.item_id)).toEqual([
      'intro',
      'lesson',
      'pretest',
      'exam',
    ]);
  });

  it('leaves SCORM 1.2 packages free: continue, previous and choice everywhere', () => {
    const activities = flattenActivities(organization(null), scos);
    const navigation = simpleNavigationFor({ activities, currentScoId: 'sco-lesson' });
    expect(navigation.previous?.sco.item_id).toBe('intro');
    expect(navigation.next?.sco.item_id).toBe('pretest');
    expect(activities.every(navigation.canChoose)).toBe(true);
  });

  it('passes over SCORM 1.2 SCOs whose prerequisites are not met, and the contents cannot open them', () => {
    const withPrerequisites = scos.map((entry) =>
      entry.item_id === 'pretest' || entry.item_id === 'exam'
        ? { ...entry, settings: { ...entry.settings, prerequisites: 'lesson & intro' } }
        : entry,
    );
    const session = {
      mode: 'launch' as const,
      package: { id: 'p', title: 'Course', version: '1.2' as const, is_public: false },
      organizations: [organization(null)],
      default_organization_id: 'org',
      scos: withPrerequisites,
      progress: [
        {
          sco_id: 'sco-intro',
          completion_status: 'completed',
          success_status: 'unknown',
          score_scaled: null,
          attempts: 1,
        },
      ],
    };
    const locked = lockedScosOf(session);
    expect([...locked]).toEqual(['sco-pretest', 'sco-exam']);
    const activities = flattenActivities(organization(null), withPrerequisites);
    const navigation = simpleNavigationFor({ activities, currentScoId: 'sco-lesson', locked });
    expect(navigation.next).toBeNull();
    expect(navigation.previous?.sco.item_id).toBe('intro');
    expect(activities.filter(navigation.canChoose).map((activity) => activity.sco.item_id)).toEqual([
      'intro',
      'lesson',
    ]);
    // Previews and SCORM 2004 packages have no locks of this kind.
    expect(lockedScosOf({ ...session, mode: 'preview' }).size).toBe(0);
    expect(lockedScosOf({ ...session, package: { ...session.package, version: '2004-4th' } }).size).toBe(0);
  });

  it('orders activities as the sequencing engine drew them, keeping others after', () => {
    const activities = flattenActivities(organization(null), scos);
    const ordered = inEngineOrder(activities, ['org', 'module', 'pretest', 'lesson', 'intro']);
    expect(ordered.map((activity) => activity.sco.item_id)).toEqual(['pretest', 'lesson', 'intro', 'exam']);
  });

  it('reads navigation requests from content', () => {
    expect(parseNavRequest('continue')).toEqual({ kind: 'continue', target: null });
    expect(parseNavRequest('{target=exam}choice')).toEqual({ kind: 'choice', target: 'exam' });
    expect(parseNavRequest('_none_')).toBeNull();
  });
});
