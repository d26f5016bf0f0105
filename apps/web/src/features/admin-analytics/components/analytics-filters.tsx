import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import type { AnalyticsFilters } from '../api/get-admin-analytics';

/** The date range (UTC days) and the course the whole screen is narrowed to. */
export function AnalyticsFiltersCard({
  filters,
  courses,
  rangeError,
  onChange,
}: {
  filters: AnalyticsFilters;
  courses: Array<{ id: string; title: string }>;
  rangeError: string | null;
  onChange: (filters: AnalyticsFilters) => void;
}) {
  const { t } = useTranslation('admin-analytics');
  const courseId = useId();
  return (
    <Card>
      <CardContent className="pt-6">
        <h2 className="sr-only">{t('filters.heading')}</h2>
        <div className="flex flex-wrap items-start gap-4">
          <FormField
            label={t('filters.from')}
            type="date"
            value={filters.from}
            onChange={(event) => onChange({ ...filters, from: event.target.value })}
            error={rangeError ?? undefined}
            hint={t('filters.utcHint')}
          />
          <FormField
            label={t('filters.to')}
            type="date"
            value={filters.to}
            onChange={(event) => onChange({ ...filters, to: event.target.value })}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={courseId}>{t('filters.course')}</Label>
            <select
              id={courseId}
              className="h-10 max-w-72 rounded-md border border-border bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              value={filters.course ?? ''}
              onChange={(event) => onChange({ ...filters, course: event.target.value || null })}
            >
              <option value="">{t('filters.allCourses')}</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </select>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
