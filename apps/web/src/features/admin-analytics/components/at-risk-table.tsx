import type { AtRiskLearner, AtRiskReason } from '@portal/shared/admin-analytics';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { NudgeButton } from './nudge-button';

const COLUMNS = ['learner', 'reasons', 'lastActivity', 'lastNudge'] as const;

/** The learners who need attention, why, when they were last seen and nudged, and a nudge button each. */
export function AtRiskTable({
  learners,
  formatTime,
  formatLocalDate,
}: {
  learners: AtRiskLearner[];
  formatTime: (iso: string) => string;
  formatLocalDate: (date: string) => string;
}) {
  const { t } = useTranslation('admin-analytics');
  const describe = (reason: AtRiskReason) => {
    switch (reason.code) {
      case 'inactive':
        return t('atRisk.reason.inactive', { count: reason.days });
      case 'goal_behind':
        return t('atRisk.reason.goal_behind', {
          goal: reason.goal_title,
          date: formatLocalDate(reason.due_date),
          percent: reason.percent,
        });
      case 'quiz_failed':
        return t('atRisk.reason.quiz_failed', {
          lesson: reason.lesson_title,
          course: reason.course_title,
          count: reason.failures,
        });
      case 'scorm_failed':
        return t('atRisk.reason.scorm_failed', {
          sco: reason.sco_title,
          package: reason.package_title,
          count: reason.failures,
        });
    }
  };
  const reasonKey = (reason: AtRiskReason) =>
    reason.code === 'inactive'
      ? 'inactive'
      : reason.code === 'goal_behind'
        ? `goal-${reason.goal_id}`
        : reason.code === 'quiz_failed'
          ? `quiz-${reason.lesson_id}`
          : `scorm-${reason.package_id}-${reason.sco_title}`;

  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('atRisk.heading')}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {t(`atRisk.${column}`)}
              </th>
            ))}
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">{t('atRisk.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {learners.map((learner) => (
            <tr key={learner.user_id} className="border-t border-border align-top">
              <th scope="row" className="px-4 py-2 font-normal">
                <span className="block font-medium">{learner.name}</span>
                <span className="block text-xs text-muted-foreground">{learner.email ?? t('atRisk.noAddress')}</span>
              </th>
              <td className="px-4 py-2">
                <ul className="flex flex-col items-start gap-1">
                  {learner.reasons.map((reason) => (
                    <li key={reasonKey(reason)}>
                      <Badge className="whitespace-normal">{describe(reason)}</Badge>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-4 py-2">
                {learner.last_activity_at ? formatTime(learner.last_activity_at) : t('atRisk.never')}
              </td>
              <td className="px-4 py-2">
                {learner.last_nudged_at ? formatTime(learner.last_nudged_at) : t('atRisk.never')}
              </td>
              <td className="px-4 py-2 text-right">
                <NudgeButton learner={learner} formatTime={formatTime} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
