import type { ScormOrganizationTree, ScormSco, ScormScoProgress, ScormTreeItem } from './scorm.ts';

/** SCORM 1.2 lesson statuses as AICC prerequisite scripts name them. */
export const SCORM_LESSON_STATUSES = [
  'passed',
  'completed',
  'browsed',
  'failed',
  'not attempted',
  'incomplete',
] as const;
export type ScormLessonStatus = (typeof SCORM_LESSON_STATUSES)[number];

const STATUS_LETTERS: Record<string, ScormLessonStatus> = {
  p: 'passed',
  c: 'completed',
  b: 'browsed',
  f: 'failed',
  n: 'not attempted',
  i: 'incomplete',
};

export type ScormPrerequisiteNode =
  | { kind: 'or' | 'and'; left: ScormPrerequisiteNode; right: ScormPrerequisiteNode }
  | { kind: 'not'; operand: ScormPrerequisiteNode }
  | { kind: 'set'; atLeast: number | null; members: ScormPrerequisiteNode[] }
  | { kind: 'item'; id: string; compare: { equal: boolean; status: ScormLessonStatus } | null };

/**
 * Parses an `adlcp:prerequisites` AICC script (SCORM 1.2 CAM 2.3.2.5): item identifiers, `&` (and), `|` (or),
 * `~` (not), parentheses, `id = status` and `id <> status` (statuses spelled out, quoted or not, or by their first
 * letter), sets `{a,b}` (all of them) and `n*{a,b,c}` (at least n of them). Null when the script does not parse.
 */
export function parsePrerequisites(script: string): ScormPrerequisiteNode | null {
  const tokens = tokenize(script);
  if (!tokens || tokens.length === 0) return null;
  let position = 0;
  const peek = () => tokens[position];
  const take = () => tokens[position++];

  const expression = (): ScormPrerequisiteNode | null => {
    let left = conjunction();
    while (left && peek() === '|') {
      take();
      const right = conjunction();
      left = right ? { kind: 'or', left, right } : null;
    }
    return left;
  };
  const conjunction = (): ScormPrerequisiteNode | null => {
    let left = factor();
    while (left && peek() === '&') {
      take();
      const right = factor();
      left = right ? { kind: 'and', left, right } : null;
    }
    return left;
  };
  const set = (atLeast: number | null): ScormPrerequisiteNode | null => {
    if (take() !== '{') return null;
    const members: ScormPrerequisiteNode[] = [];
    for (;;) {
      const member = expression();
      if (!member) return null;
      members.push(member);
      const next = take();
      if (next === '}') return { kind: 'set', atLeast, members };
      if (next !== ',') return null;
    }
  };
  const factor = (): ScormPrerequisiteNode | null => {
    const token = take();
    if (token === undefined) return null;
    if (token === '~') {
      const operand = factor();
      return operand ? { kind: 'not', operand } : null;
    }
    if (token === '(') {
      const inner = expression();
      return inner && take() === ')' ? inner : null;
    }
    if (token === '{') {
      position -= 1;
      return set(null);
    }
    if (/^\d+$/.test(token) && peek() === '*') {
      take();
      return set(Number(token));
    }
    if (!/^[^\s&|~(){},*=<>"']+$/.test(token)) return null;
    if (peek() === '=' || peek() === '<>') {
      const equal = take() === '=';
      const status = statusOf(take());
      return status ? { kind: 'item', id: token, compare: { equal, status } } : null;
    }
    return { kind: 'item', id: token, compare: null };
  };

  const tree = expression();
  return tree && position === tokens.length ? tree : null;
}

function statusOf(token: string | undefined): ScormLessonStatus | null {
  const value =
    token
      ?.replace(/^["']|["']$/g, '')
      .trim()
      .toLowerCase() ?? '';
  if ((SCORM_LESSON_STATUSES as readonly string[]).includes(value)) return value as ScormLessonStatus;
  return STATUS_LETTERS[value] ?? null;
}

function tokenize(script: string): string[] | null {
  const tokens: string[] = [];
  const pattern = /\s*(?:(<>|[&|~(){},*=])|("[^"]*"|'[^']*')|(not\s+attempted)|([^\s&|~(){},*=<>"']+))/giy;
  let rest = script.trim();
  while (rest.length > 0) {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match) return null;
    tokens.push((match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').replace(/\s+/g, ' '));
    rest = rest.slice(match[0].length).trimStart();
  }
  return tokens;
}

/**
 * Whether a prerequisite script holds, given each item's lesson status (null for identifiers the package does not
 * have, which a script cannot wait for and so do not hold it back). A bare identifier holds when the item is passed
 * or completed. A script that does not parse locks nothing.
 */
export function prerequisitesMet(
  script: string | null | undefined,
  statusOf: (itemId: string) => ScormLessonStatus | null,
): boolean {
  if (!script?.trim()) return true;
  const tree = parsePrerequisites(script);
  if (!tree) return true;
  const evaluate = (node: ScormPrerequisiteNode): boolean => {
    switch (node.kind) {
      case 'or':
        return evaluate(node.left) || evaluate(node.right);
      case 'and':
        return evaluate(node.left) && evaluate(node.right);
      case 'not':
        return !evaluate(node.operand);
      case 'set': {
        const held = node.members.filter(evaluate).length;
        return held >= (node.atLeast ?? node.members.length);
      }
      case 'item': {
        const status = statusOf(node.id);
        if (status === null) return true;
        if (!node.compare) return status === 'passed' || status === 'completed';
        return (status === node.compare.status) === node.compare.equal;
      }
    }
  };
  return evaluate(tree);
}

/** A SCO's lesson status from its progress: passed or failed first, then completed, incomplete, not attempted. */
export function lessonStatusOf(
  progress: Pick<ScormScoProgress, 'completion_status' | 'success_status' | 'attempts'> | undefined,
): ScormLessonStatus {
  if (!progress) return 'not attempted';
  if (progress.success_status === 'passed') return 'passed';
  if (progress.success_status === 'failed') return 'failed';
  if (progress.completion_status === 'completed') return 'completed';
  if (progress.completion_status === 'incomplete' || progress.attempts > 0) return 'incomplete';
  return 'not attempted';
}

/**
 * The SCOs of a SCORM 1.2 organization a learner may not launch yet: those whose `adlcp:prerequisites` do not hold
 * for the learner's progress. An aggregation (an item without content) is passed when all its SCOs are, completed
 * when all are passed or completed, incomplete once one was attempted.
 */
export function lockedScoIds(
  organization: Pick<ScormOrganizationTree, 'items'>,
  scos: ReadonlyArray<Pick<ScormSco, 'id' | 'item_id' | 'settings'>>,
  progress: ReadonlyArray<Pick<ScormScoProgress, 'sco_id' | 'completion_status' | 'success_status' | 'attempts'>>,
): Set<string> {
  const scoByItem = new Map(scos.map((sco) => [sco.item_id, sco]));
  const progressBySco = new Map(progress.map((entry) => [entry.sco_id, entry]));
  const statuses = new Map<string, ScormLessonStatus>();
  const visit = (item: ScormTreeItem): ScormLessonStatus => {
    const childStatuses = item.children.map(visit);
    const sco = scoByItem.get(item.item_id);
    let status: ScormLessonStatus = sco ? lessonStatusOf(progressBySco.get(sco.id)) : 'not attempted';
    if (!sco && childStatuses.length > 0) {
      if (childStatuses.every((child) => child === 'passed')) status = 'passed';
      else if (childStatuses.every((child) => child === 'passed' || child === 'completed')) status = 'completed';
      else if (childStatuses.some((child) => child !== 'not attempted')) status = 'incomplete';
    }
    statuses.set(item.item_id, status);
    return status;
  };
  organization.items.forEach(visit);
  return new Set(
    scos
      .filter((sco) => !prerequisitesMet(sco.settings.prerequisites, (itemId) => statuses.get(itemId) ?? null))
      .map((sco) => sco.id),
  );
}
