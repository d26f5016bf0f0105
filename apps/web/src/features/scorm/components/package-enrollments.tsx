import type { ScormEnrollment } from '@portal/shared/scorm';
import { Trash2, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCreateScormEnrollments } from '../api/create-scorm-enrollments';
import { useDeleteScormEnrollment } from '../api/delete-scorm-enrollment';
import { useScormEnrollments } from '../api/get-scorm-enrollments';
import { useScormLearners } from '../api/search-scorm-learners';
import { formatDate } from './format';

/** Who is enrolled and how far they are; pick learners and an optional due date to enrol more. */
export function PackageEnrollments({ packageId, ready }: { packageId: string; ready: boolean }) {
  const { t, i18n } = useTranslation('scorm');
  const enrollments = useScormEnrollments(packageId);
  const remove = useDeleteScormEnrollment();

  return (
    <div className="flex flex-col gap-6">
      {ready ? <EnrolForm packageId={packageId} enrolled={enrollments.data ?? []} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{t('enrollments.listTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {enrollments.isPending ? (
            <Spinner label={t('enrollments.loading')} className="justify-center py-6" />
          ) : (enrollments.data ?? []).length === 0 ? (
            <EmptyState icon={Users} title={t('enrollments.emptyTitle')} description={t('enrollments.empty')} />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('enrollments.learner')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('enrollments.status')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('enrollments.due')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('enrollments.lastLaunched')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t('enrollments.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(enrollments.data ?? []).map((enrollment) => (
                    <tr key={enrollment.id} className="border-t border-border">
                      <td className="py-2 pr-4">
                        <p className="font-medium">{enrollment.learner.name}</p>
                        <p className="text-xs text-muted-foreground">{enrollment.learner.email}</p>
                      </td>
                      <td className="py-2 pr-4">
                        <Badge>{t(`enrollmentStatus.${enrollment.status}`)}</Badge>
                      </td>
                      <td className="py-2 pr-4">
                        {enrollment.due_at ? formatDate(enrollment.due_at, i18n.language) : '—'}
                      </td>
                      <td className="py-2 pr-4">
                        {enrollment.last_launched_at ? formatDate(enrollment.last_launched_at, i18n.language) : '—'}
                      </td>
                      <td className="py-2 text-right">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('enrollments.remove', { name: enrollment.learner.name })}
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(
                              { packageId, enrollmentId: enrollment.id },
                              { onError: () => toast.error(t('enrollments.removeFailed')) },
                            )
                          }
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function EnrolForm({ packageId, enrolled }: { packageId: string; enrolled: ScormEnrollment[] }) {
  const { t } = useTranslation('scorm');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [dueDate, setDueDate] = useState('');
  const learners = useScormLearners(useDeferredValue(search.trim()));
  const create = useCreateScormEnrollments();
  const searchId = useId();
  const dueId = useId();
  const enrolledIds = new Set(enrolled.map((enrollment) => enrollment.learner.id));

  const toggle = (id: string, name: string) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.size === 0) return;
    create.mutate(
      {
        packageId,
        body: {
          learner_ids: [...selected.keys()],
          due_at: dueDate ? new Date(`${dueDate}T23:59:59`).toISOString() : null,
        },
      },
      {
        onSuccess: () => {
          toast.success(t('enrollments.enrolled', { count: selected.size }));
          setSelected(new Map());
        },
        onError: () => toast.error(t('enrollments.enrolFailed')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('enrollments.formTitle')}</CardTitle>
        <CardDescription>{t('enrollments.formDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={searchId}>{t('enrollments.searchLabel')}</Label>
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('enrollments.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">{t('enrollments.pickLegend')}</legend>
            {learners.isPending ? (
              <Spinner label={t('enrollments.searching')} className="py-2" />
            ) : (learners.data ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('enrollments.noPeople')}</p>
            ) : (
              <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
                {(learners.data ?? []).map((person) => {
                  const already = enrolledIds.has(person.id);
                  const inputId = `${searchId}-${person.id}`;
                  return (
                    <li key={person.id} className="flex items-center gap-3 rounded px-2 py-1.5 hover:bg-muted">
                      <input
                        id={inputId}
                        type="checkbox"
                        className="size-4 accent-[var(--color-primary)]"
                        checked={selected.has(person.id)}
                        disabled={already}
                        onChange={() => toggle(person.id, person.name)}
                      />
                      <label htmlFor={inputId} className="min-w-0 flex-1 text-sm">
                        <span className="font-medium">{person.name}</span>{' '}
                        <span className="text-muted-foreground">{person.email}</span>
                        {already ? (
                          <span className="ml-2 text-xs text-muted-foreground">{t('enrollments.already')}</span>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={dueId}>{t('enrollments.dueLabel')}</Label>
              <Input id={dueId} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
            </div>
            <Button type="submit" disabled={selected.size === 0 || create.isPending}>
              <UserPlus aria-hidden="true" />
              {t('enrollments.submit', { count: selected.size })}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
