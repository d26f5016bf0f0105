import type { AdminAnalytics, AdminAnalyticsExportQuery, AdminAnalyticsQuery } from '@portal/shared/admin-analytics';
import { type CsvCell, csvAttachment, toCsv } from '../../csv.ts';
import { AppError } from '../../errors.ts';
import type { AdminAnalyticsRepository, AnalyticsScope } from './admin-analytics.repository.ts';
import {
  AT_RISK_CSV_HEADER,
  type AtRiskDeps,
  atRiskCsvRow,
  createAtRiskList,
  createNudges,
} from './at-risk.service.ts';

/** Most rows an at-risk CSV holds; the screen pages through the rest. */
const AT_RISK_EXPORT_MAX = 10_000;

type CsvFile = { disposition: string; csv: string };

async function scopeOf(
  repository: AdminAnalyticsRepository,
  query: { from: string; to: string; course?: string | undefined },
): Promise<AnalyticsScope> {
  const courseId = query.course ?? null;
  if (courseId && !(await repository.courseExists(courseId))) throw new AppError('not_found', 'Course not found.');
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
  return { from: query.from, to: query.to, start, end, courseId };
}

/** The rows of one aggregate section of the screen, with its header. */
async function sectionCsv(
  repository: AdminAnalyticsRepository,
  section: 'engagement' | 'funnels' | 'scorm',
  scope: AnalyticsScope,
): Promise<[string[], CsvCell[][]]> {
  switch (section) {
    case 'engagement':
      return [
        ['date', 'active_learners', 'lesson_completions', 'xp'],
        (await repository.engagement(scope)).map((day) => [
          day.date,
          day.active_learners,
          day.lesson_completions,
          day.xp,
        ]),
      ];
    case 'funnels':
      return [
        ['course_id', 'course', 'enrolled', 'started', 'half', 'completed'],
        (await repository.funnels(scope)).map((row) => [
          row.course_id,
          row.title,
          row.enrolled,
          row.started,
          row.half,
          row.completed,
        ]),
      ];
    case 'scorm':
      return [
        ['package_id', 'package', 'attempts', 'passed', 'failed', 'pass_rate_percent'],
        (await repository.scormPassRates(scope)).map((row) => [
          row.package_id,
          row.title,
          row.attempts,
          row.passed,
          row.failed,
          row.pass_rate,
        ]),
      ];
  }
}

export function createAdminAnalyticsService(deps: AtRiskDeps) {
  const { repository } = deps;
  const atRiskList = createAtRiskList(deps);

  return {
    async overview(query: AdminAnalyticsQuery): Promise<AdminAnalytics> {
      const scope = await scopeOf(repository, query);
      const [courses, engagement, funnels, scorm, distributions] = await Promise.all([
        repository.courses(),
        repository.engagement(scope),
        repository.funnels(scope),
        repository.scormPassRates(scope),
        repository.distributions(scope),
      ]);
      return {
        from: query.from,
        to: query.to,
        course_id: scope.courseId,
        courses,
        engagement,
        funnels,
        scorm,
        xp_distribution: distributions.xp,
        streak_distribution: distributions.streak,
      };
    },

    atRisk: atRiskList.atRisk,
    ...createNudges(deps),

    /** One section of the screen as a CSV file. */
    async exportCsv(query: AdminAnalyticsExportQuery): Promise<CsvFile> {
      const disposition = csvAttachment(`admin-analytics-${query.section}`, `${query.from}-${query.to}`);
      if (query.section === 'at-risk') {
        const { rows, at } = await atRiskList.atRiskRows({ course: query.course }, AT_RISK_EXPORT_MAX);
        return {
          disposition,
          csv: toCsv(
            AT_RISK_CSV_HEADER,
            rows.map((row) => atRiskCsvRow(row, at)),
          ),
        };
      }
      const [header, rows] = await sectionCsv(repository, query.section, await scopeOf(repository, query));
      return { disposition, csv: toCsv(header, rows) };
    },
  };
}
export type AdminAnalyticsService = ReturnType<typeof createAdminAnalyticsService>;
