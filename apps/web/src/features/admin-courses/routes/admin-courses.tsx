import type { AdminCourse } from '@portal/shared/admin-courses';
import { COURSE_STATUSES, type CourseStatus } from '@portal/shared/course-rules';
import { Archive, Eye, EyeOff, GraduationCap, Layers, ListOrdered, Pencil, Plus, Search, Undo2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { dateTimeFormat } from '@/lib/intl-formats';
import { type CourseStatusAction, useChangeCourseStatus } from '../api/change-course-status';
import { useAdminCourses } from '../api/get-admin-courses';
import { CourseFormDialog } from '../components/course-form-dialog';
import { CourseStatusBadge } from '../components/status-badge';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';

type Filter = 'all' | CourseStatus;

function CourseRow({
  course,
  onEdit,
  onArchive,
  onStatus,
  statusPending,
}: {
  course: AdminCourse;
  onEdit: () => void;
  onArchive: () => void;
  onStatus: (action: CourseStatusAction) => void;
  statusPending: boolean;
}) {
  const { t, i18n } = useTranslation('authoring');
  const updated = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(
    new Date(course.updated_at),
  );
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-4">
        <div className="hidden aspect-[16/9] w-28 shrink-0 items-center justify-center rounded-md bg-accent sm:flex">
          {course.cover_url ? (
            <img src={course.cover_url} alt="" className="size-full rounded-md object-cover" />
          ) : (
            <GraduationCap className="size-6 text-primary/60" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold break-words">{course.title}</h2>
            <CourseStatusBadge status={course.status} />
          </div>
          <p className="text-sm break-all text-muted-foreground">{`/courses/${course.slug}`}</p>
          <p className="text-xs text-muted-foreground">
            {t('courses.row.meta', {
              tier: t(`tiers.${course.required_tier}`),
              modules: course.module_count,
              lessons: course.lesson_count,
              date: updated,
            })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={t('courses.row.editFor', { title: course.title })}
        >
          <Pencil aria-hidden="true" />
          {t('courses.row.edit')}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link
            to={`/dashboard/admin/modules?course=${course.id}`}
            aria-label={t('courses.row.modulesFor', { title: course.title })}
          >
            <Layers aria-hidden="true" />
            {t('courses.row.modules')}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link
            to={`/dashboard/admin/courses/${course.slug}/lessons`}
            aria-label={t('courses.row.lessonsFor', { title: course.title })}
          >
            <ListOrdered aria-hidden="true" />
            {t('courses.row.lessons')}
          </Link>
        </Button>
        <Button variant="ghost" size="sm" asChild>
          <Link to={`/courses/${course.slug}`} aria-label={t('courses.row.previewFor', { title: course.title })}>
            <Eye aria-hidden="true" />
            {t('courses.row.preview')}
          </Link>
        </Button>
        {course.status === 'published' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={statusPending}
            onClick={() => onStatus('unpublish')}
            aria-label={t('courses.row.unpublishFor', { title: course.title })}
          >
            <EyeOff aria-hidden="true" />
            {t('courses.row.unpublish')}
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={statusPending}
            onClick={() => onStatus('publish')}
            aria-label={t('courses.row.publishFor', { title: course.title })}
          >
            {course.status === 'archived' ? <Undo2 aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {t('courses.row.publish')}
          </Button>
        )}
        {course.status !== 'archived' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onArchive}
            aria-label={t('courses.row.archiveFor', { title: course.title })}
          >
            <Archive aria-hidden="true" />
            {t('courses.row.archive')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** Admin: every course with its status; create, edit, publish, unpublish and archive. */
export function AdminCoursesPage() {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const courses = useAdminCourses();
  const changeStatus = useChangeCourseStatus();
  const [params, setParams] = useSearchParams();
  const ids = { search: useId(), status: useId() };
  const [search, setSearch] = useState('');
  const statusParam = params.get('status') as Filter | null;
  const status: Filter = statusParam && COURSE_STATUSES.includes(statusParam as CourseStatus) ? statusParam : 'all';
  const [editingId, setEditingId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [archiving, setArchiving] = useState<AdminCourse | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const list = courses.data?.courses ?? [];
  const editing = list.find((course) => course.id === editingId) ?? null;
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return list.filter(
      (course) =>
        (status === 'all' || course.status === status) &&
        (!needle || course.title.toLowerCase().includes(needle) || course.slug.includes(needle)),
    );
  }, [list, search, status]);

  const runStatus = (course: AdminCourse, action: CourseStatusAction) =>
    changeStatus.mutate(
      { courseId: course.id, action },
      {
        onSuccess: () => toast.success(t(`courses.statusChanged.${action}`, { title: course.title })),
        onError: (error) => toast.error(errorText(error)),
      },
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('courses.title')}
        description={t('courses.description')}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('courses.new')}
          </Button>
        }
      />
      <search
        aria-label={t('courses.filters')}
        className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.search}>{t('courses.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={ids.search}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.status}>{t('courses.statusFilter')}</Label>
          <Select
            value={status}
            onValueChange={(value) => setParams(value === 'all' ? {} : { status: value }, { replace: true })}
          >
            <SelectTrigger id={ids.status}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('courses.allStatuses')}</SelectItem>
              {COURSE_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`status.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </search>
      {courses.isPending ? <Spinner label={t('loading')} className="justify-center py-16" /> : null}
      {courses.isError ? (
        <Alert variant="destructive" className="flex flex-col items-start gap-3">
          {errorText(courses.error)}
          <Button variant="outline" size="sm" onClick={() => void courses.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
      {courses.data && list.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title={t('courses.emptyTitle')}
          description={t('courses.emptyDescription')}
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              {t('courses.new')}
            </Button>
          }
        />
      ) : null}
      {courses.data && list.length > 0 && visible.length === 0 ? (
        <EmptyState icon={Search} title={t('courses.noMatchTitle')} description={t('courses.noMatchDescription')} />
      ) : null}
      {visible.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {visible.map((course) => (
            <li key={course.id}>
              <CourseRow
                course={course}
                onEdit={() => setEditingId(course.id)}
                onArchive={() => {
                  setArchiveError(null);
                  setArchiving(course);
                }}
                onStatus={(action) => runStatus(course, action)}
                statusPending={changeStatus.isPending && changeStatus.variables?.courseId === course.id}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <CourseFormDialog open={creating} onOpenChange={setCreating} course={null} />
      <CourseFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditingId(null);
        }}
        course={editing}
      />
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => {
          if (!open) setArchiving(null);
        }}
        title={t('courses.archiveTitle', { title: archiving?.title ?? '' })}
        description={t('courses.archiveDescription')}
        confirmLabel={t('courses.row.archive')}
        pending={changeStatus.isPending}
        error={archiveError}
        onConfirm={() => {
          if (!archiving) return;
          const course = archiving;
          changeStatus.mutate(
            { courseId: course.id, action: 'archive' },
            {
              onSuccess: () => {
                toast.success(t('courses.statusChanged.archive', { title: course.title }));
                setArchiving(null);
              },
              onError: (error) => setArchiveError(errorText(error)),
            },
          );
        }}
      />
    </div>
  );
}
