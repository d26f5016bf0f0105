import type { AdminCourseDetail, AdminLesson } from '@portal/shared/admin-courses';
import type { LessonKind } from '@portal/shared/course-rules';
import type { TFunction } from 'i18next';
import {
  AlertTriangle,
  ArrowLeft,
  Eye,
  FileText,
  FileType,
  Layers,
  ListChecks,
  type LucideIcon,
  Package,
  Pencil,
  PlayCircle,
  Plus,
  SearchX,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { useDeleteLesson } from '../api/delete-lesson';
import { useAdminCourseBySlug } from '../api/get-admin-course-by-slug';
import { useReorderLessons } from '../api/reorder-lessons';
import { LessonFormDialog } from '../components/lesson-form-dialog';
import { SortableList } from '../components/sortable-list';
import { CourseStatusBadge } from '../components/status-badge';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';

const KIND_ICONS: Record<LessonKind, LucideIcon> = {
  text: FileText,
  video: PlayCircle,
  pdf: FileType,
  quiz: ListChecks,
  scorm: Package,
};

function lessonMeta(lesson: AdminLesson, t: TFunction<'authoring'>): string {
  const parts = [t(`kinds.${lesson.kind}`)];
  if (lesson.content.kind === 'quiz') {
    parts.push(t('lessons.meta.questions', { count: lesson.content.questions.length, mark: lesson.content.pass_mark }));
  }
  if (lesson.page_count) parts.push(t('lessons.meta.pages', { count: lesson.page_count }));
  if (lesson.duration_seconds)
    parts.push(t('lessons.meta.minutes', { minutes: Math.max(1, Math.round(lesson.duration_seconds / 60)) }));
  return parts.join(' · ');
}

type Editing = { lesson: AdminLesson | null; moduleId: string } | null;

/** The lessons of every module of a course; reorder within a module by drag or keyboard, move through Edit. */
export function AdminLessonsPage() {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const { slug = '' } = useParams();
  const detail = useAdminCourseBySlug(slug);
  usePageTitle(detail.data ? t('lessons.pageTitle', { title: detail.data.course.title }) : t('lessons.title'));
  const reorder = useReorderLessons();
  const remove = useDeleteLesson();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminLesson | null>(null);

  const reorderWithin = (data: AdminCourseDetail, moduleId: string, lessonIds: string[]) =>
    reorder.mutate(
      {
        courseId: data.course.id,
        slug,
        layout: {
          modules: data.modules.map((module) => ({
            module_id: module.id,
            lesson_ids: module.id === moduleId ? lessonIds : module.lessons.map((lesson) => lesson.id),
          })),
        },
      },
      { onError: (error) => toast.error(errorText(error)) },
    );

  if (detail.isPending) return <Spinner label={t('loading')} className="justify-center py-16" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('lessons.title')}</h1>
        {missing ? (
          <EmptyState
            icon={SearchX}
            title={t('lessons.notFoundTitle')}
            description={t('lessons.notFoundDescription')}
            action={
              <Button asChild>
                <Link to="/dashboard/admin/courses">{t('lessons.backToCourses')}</Link>
              </Button>
            }
          />
        ) : (
          <>
            <Alert variant="destructive">{errorText(detail.error)}</Alert>
            <Button variant="outline" className="self-start" onClick={() => void detail.refetch()}>
              {t('retry')}
            </Button>
          </>
        )}
      </div>
    );
  }

  const data = detail.data;
  const { course, modules } = data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="self-start" asChild>
          <Link to="/dashboard/admin/courses">
            <ArrowLeft aria-hidden="true" />
            {t('lessons.backToCourses')}
          </Link>
        </Button>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight">
                {t('lessons.pageTitle', { title: course.title })}
              </h1>
              <CourseStatusBadge status={course.status} />
            </div>
            <p className="text-muted-foreground">{t('lessons.description')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to={`/dashboard/admin/modules?course=${course.id}`}>
                <Layers aria-hidden="true" />
                {t('lessons.manageModules')}
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={`/courses/${course.slug}`}>
                <Eye aria-hidden="true" />
                {t('courses.row.preview')}
              </Link>
            </Button>
          </div>
        </div>
      </div>
      {modules.length === 0 ? (
        <EmptyState
          icon={Layers}
          title={t('lessons.noModulesTitle')}
          description={t('lessons.noModulesDescription')}
          action={
            <Button asChild>
              <Link to={`/dashboard/admin/modules?course=${course.id}`}>{t('lessons.manageModules')}</Link>
            </Button>
          }
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('reorder.help')}</p>
      )}
      {modules.map((module, index) => (
        <section key={module.id} aria-labelledby={`module-${module.id}`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-2">
            <h2 id={`module-${module.id}`} className="text-lg font-semibold">
              {t('modules.numbered', { number: index + 1, title: module.title })}
            </h2>
            <Button size="sm" onClick={() => setEditing({ lesson: null, moduleId: module.id })}>
              <Plus aria-hidden="true" />
              {t('lessons.addTo', { title: module.title })}
            </Button>
          </div>
          {module.lessons.length === 0 ? (
            <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
              {t('lessons.moduleEmpty')}
            </p>
          ) : (
            <SortableList
              label={t('lessons.listLabel', { title: module.title })}
              items={module.lessons}
              getId={(lesson) => lesson.id}
              getLabel={(lesson) => lesson.title}
              disabled={reorder.isPending}
              onReorder={(lessonIds) => reorderWithin(data, module.id, lessonIds)}
              renderItem={(lesson) => {
                const KindIcon = KIND_ICONS[lesson.kind];
                return (
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                    <div className="flex min-w-0 flex-1 items-start gap-2">
                      <KindIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <div className="flex min-w-0 flex-col gap-0.5">
                        <h3 className="font-medium break-words">{lesson.title}</h3>
                        <p className="text-xs text-muted-foreground">{lessonMeta(lesson, t)}</p>
                        {!lesson.ready ? (
                          <p className="flex items-center gap-1 text-xs font-medium text-destructive">
                            <AlertTriangle className="size-3.5" aria-hidden="true" />
                            {t('lessons.notReady')}
                          </p>
                        ) : null}
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('lessons.editFor', { title: lesson.title })}
                        onClick={() => setEditing({ lesson, moduleId: module.id })}
                      >
                        <Pencil aria-hidden="true" />
                        {t('lessons.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('lessons.deleteFor', { title: lesson.title })}
                        onClick={() => {
                          remove.reset();
                          setDeleting(lesson);
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                        {t('lessons.delete')}
                      </Button>
                    </div>
                  </div>
                );
              }}
            />
          )}
        </section>
      ))}
      <LessonFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        lesson={editing?.lesson ?? null}
        modules={modules}
        moduleId={editing?.moduleId ?? modules[0]?.id ?? ''}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('lessons.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('lessons.deleteDescription')}
        confirmLabel={t('lessons.delete')}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          const lesson = deleting;
          remove.mutate(lesson.id, {
            onSuccess: () => {
              toast.success(t('lessons.deleted', { title: lesson.title }));
              setDeleting(null);
            },
          });
        }}
      />
    </div>
  );
}
