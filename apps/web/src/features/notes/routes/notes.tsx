import type { Note } from '@portal/shared/notes';
import { Download, NotebookPen, SearchX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { notesExportUrl, useNotes } from '../api/get-notes';
import { NoteItem } from '../components/note-item';

type LessonGroup = { key: string; courseId: string; lessonId: string | null; title: string | null; notes: Note[] };
type CourseGroup = { courseId: string; title: string; lessons: LessonGroup[] };

/** Notes arrive in course and lesson order; this folds them into that outline. */
function groupNotes(notes: readonly Note[]): CourseGroup[] {
  const courses: CourseGroup[] = [];
  for (const note of notes) {
    let course = courses.at(-1);
    if (course?.courseId !== note.course_id) {
      course = { courseId: note.course_id, title: note.course_title, lessons: [] };
      courses.push(course);
    }
    let lesson = course.lessons.at(-1);
    if (!lesson || lesson.lessonId !== note.lesson_id) {
      lesson = {
        key: `${note.course_id}:${note.lesson_id ?? 'removed'}`,
        courseId: note.course_id,
        lessonId: note.lesson_id,
        title: note.lesson_title,
        notes: [],
      };
      course.lessons.push(lesson);
    }
    lesson.notes.push(note);
  }
  return courses;
}

const SEARCH_DELAY_MS = 300;

export function NotesPage() {
  const { t } = useTranslation('notes');
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== query) setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, query, setParams]);

  const notes = useNotes({ q: query || undefined });
  const list = notes.data?.notes ?? [];
  const searching = query.length > 0;

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="outline" asChild>
            <a href={notesExportUrl(query || undefined)} download>
              <Download aria-hidden="true" />
              {searching ? t('exportMatching') : t('export')}
            </a>
          </Button>
        }
      />
      <search className="mb-6 flex max-w-xl flex-col gap-1.5">
        <Label htmlFor={searchId}>{t('search.label')}</Label>
        <SearchInput
          id={searchId}
          value={typed}
          placeholder={t('search.placeholder')}
          onChange={(event) => setTyped(event.target.value)}
        />
      </search>
      <p role="status" className="sr-only">
        {notes.data && searching ? t('search.results', { count: list.length, query }) : ''}
      </p>

      {notes.isPending ? <Spinner label={t('loading')} /> : null}
      {notes.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {notes.data?.truncated ? <Alert className="mb-4">{t('truncated')}</Alert> : null}

      {notes.data && list.length === 0 ? (
        searching ? (
          <EmptyState
            icon={SearchX}
            title={t('search.emptyTitle')}
            description={t('search.emptyDescription', { query })}
          />
        ) : (
          <EmptyState
            icon={NotebookPen}
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              <Button asChild>
                <Link to="/dashboard/learner/library">{t('empty.action')}</Link>
              </Button>
            }
          />
        )
      ) : null}

      {notes.data && list.length > 0 && searching ? (
        <ul className="flex flex-col gap-3" aria-label={t('search.listLabel')}>
          {list.map((note) => (
            <li key={note.id}>
              <NoteItem
                note={note}
                place={t('place', { course: note.course_title, lesson: note.lesson_title ?? t('removedLesson') })}
                firstHeadingLevel={3}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {notes.data && list.length > 0 && !searching ? (
        <div className="flex flex-col gap-8">
          {groupNotes(list).map((course) => (
            <section
              key={course.courseId}
              aria-labelledby={`course-${course.courseId}`}
              className="flex flex-col gap-4"
            >
              <h2 id={`course-${course.courseId}`} className="text-xl font-semibold">
                {course.title}
              </h2>
              {course.lessons.map((lesson) => (
                <section key={lesson.key} aria-labelledby={`lesson-${lesson.key}`} className="flex flex-col gap-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`lesson-${lesson.key}`} className="text-base font-semibold">
                      {lesson.title ?? t('removedLesson')}
                    </h3>
                    {lesson.lessonId ? (
                      <Link
                        className="text-sm text-primary underline-offset-4 hover:underline"
                        to={`/dashboard/learner/course/${lesson.courseId}?lesson=${lesson.lessonId}`}
                        aria-label={t('openLessonNamed', { lesson: lesson.title })}
                      >
                        {t('openLesson')}
                      </Link>
                    ) : null}
                  </div>
                  <ul className="flex flex-col gap-3">
                    {lesson.notes.map((note) => (
                      <li key={note.id}>
                        <NoteItem note={note} firstHeadingLevel={4} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
