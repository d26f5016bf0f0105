import type { AdminModule } from '@portal/shared/admin-courses';
import { GraduationCap, Layers, ListOrdered, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useDeleteModule } from '../api/delete-module';
import { useAdminCourse } from '../api/get-admin-course';
import { useAdminCourses } from '../api/get-admin-courses';
import { useReorderModules } from '../api/reorder-modules';
import { ModuleFormDialog } from '../components/module-form-dialog';
import { SortableList } from '../components/sortable-list';
import { CourseStatusBadge } from '../components/status-badge';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';

/** Admin: the ordered modules of one course, with prerequisites; reorder by drag or keyboard. */
export function AdminModulesPage() {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const courseSelectId = useId();
  const [params, setParams] = useSearchParams();
  const courses = useAdminCourses();
  const list = courses.data?.courses ?? [];
  const requested = params.get('course');
  const courseId = list.some((course) => course.id === requested) ? requested : (list[0]?.id ?? null);
  const detail = useAdminCourse(courseId);
  const reorder = useReorderModules();
  const remove = useDeleteModule();
  const [formOpen, setFormOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminModule | null>(null);
  const modules = detail.data?.modules ?? [];
  const editing = modules.find((module) => module.id === editingId) ?? null;
  const titleOf = (id: string | null) => modules.find((module) => module.id === id)?.title ?? null;

  const deleteError =
    remove.error instanceof ApiError && remove.error.code === 'conflict'
      ? t('modules.deleteHasLessons')
      : remove.error
        ? errorText(remove.error)
        : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('modules.title')}
        description={t('modules.description')}
        actions={
          courseId ? (
            <Button
              onClick={() => {
                setEditingId(null);
                setFormOpen(true);
              }}
            >
              <Plus aria-hidden="true" />
              {t('modules.new')}
            </Button>
          ) : null
        }
      />
      {courses.isPending ? <Spinner label={t('loading')} className="justify-center py-16" /> : null}
      {courses.isError ? <Alert variant="destructive">{errorText(courses.error)}</Alert> : null}
      {courses.data && list.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title={t('modules.noCoursesTitle')}
          description={t('modules.noCoursesDescription')}
          action={
            <Button asChild>
              <Link to="/dashboard/admin/courses">{t('modules.goToCourses')}</Link>
            </Button>
          }
        />
      ) : null}
      {courseId ? (
        <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor={courseSelectId}>{t('modules.course')}</Label>
            <Select value={courseId} onValueChange={(value) => setParams({ course: value }, { replace: true })}>
              <SelectTrigger id={courseSelectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {list.map((course) => (
                  <SelectItem key={course.id} value={course.id}>
                    {course.title}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {detail.data ? (
            <div className="flex flex-wrap items-center gap-2">
              <CourseStatusBadge status={detail.data.course.status} />
              <Button variant="outline" asChild>
                <Link to={`/dashboard/admin/courses/${detail.data.course.slug}/lessons`}>
                  <ListOrdered aria-hidden="true" />
                  {t('modules.editLessons')}
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {courseId && detail.isPending ? <Spinner label={t('loading')} className="justify-center py-10" /> : null}
      {detail.isError ? <Alert variant="destructive">{errorText(detail.error)}</Alert> : null}
      {detail.data && modules.length === 0 ? (
        <EmptyState
          icon={Layers}
          title={t('modules.emptyTitle')}
          description={t('modules.emptyDescription')}
          action={
            <Button onClick={() => setFormOpen(true)}>
              <Plus aria-hidden="true" />
              {t('modules.new')}
            </Button>
          }
        />
      ) : null}
      {detail.data && modules.length > 0 && courseId ? (
        <section aria-labelledby="modules-heading" className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <h2 id="modules-heading" className="text-lg font-semibold">
              {t('modules.listTitle', { title: detail.data.course.title })}
            </h2>
            <p className="text-sm text-muted-foreground">{t('reorder.help')}</p>
          </div>
          <SortableList
            label={t('modules.listLabel')}
            items={modules}
            getId={(module) => module.id}
            getLabel={(module) => module.title}
            disabled={reorder.isPending}
            onReorder={(moduleIds) =>
              reorder.mutate({ courseId, moduleIds }, { onError: (error) => toast.error(errorText(error)) })
            }
            renderItem={(module, index) => (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <h3 className="font-medium break-words">
                    {t('modules.numbered', { number: index + 1, title: module.title })}
                  </h3>
                  <p className="text-xs text-muted-foreground">
                    {t('modules.lessonCount', { lessons: module.lessons.length })}
                    {module.prerequisite_module_id
                      ? ` · ${t('modules.requires', { title: titleOf(module.prerequisite_module_id) ?? '' })}`
                      : ''}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('modules.editFor', { title: module.title })}
                    onClick={() => {
                      setEditingId(module.id);
                      setFormOpen(true);
                    }}
                  >
                    <Pencil aria-hidden="true" />
                    {t('modules.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('modules.deleteFor', { title: module.title })}
                    onClick={() => {
                      remove.reset();
                      setDeleting(module);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('modules.delete')}
                  </Button>
                </div>
              </div>
            )}
          />
        </section>
      ) : null}
      {courseId ? (
        <ModuleFormDialog
          open={formOpen}
          onOpenChange={(open) => {
            setFormOpen(open);
            if (!open) setEditingId(null);
          }}
          courseId={courseId}
          module={editing}
          modules={modules}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('modules.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('modules.deleteDescription')}
        confirmLabel={t('modules.delete')}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => {
          if (!deleting) return;
          const module = deleting;
          remove.mutate(module.id, {
            onSuccess: () => {
              toast.success(t('modules.deleted', { title: module.title }));
              setDeleting(null);
            },
          });
        }}
      />
    </div>
  );
}
