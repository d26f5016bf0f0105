import type { AdminCourse } from '@portal/shared/admin-courses';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_TITLE_MAX,
  COVER_IMAGE_TYPES,
  COVER_MAX_BYTES,
  SLUG_MAX,
  SLUG_PATTERN,
  suggestSlug,
} from '@portal/shared/course-rules';
import { TIERS, type Tier } from '@portal/shared/tiers';
import { ImageOff } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useSlugCheck } from '../api/check-slug';
import { useCreateCourse } from '../api/create-course';
import { useDeleteCover } from '../api/delete-cover';
import { useUploadLimits } from '../api/get-upload-limits';
import { useUpdateCourse } from '../api/update-course';
import { useUploadCover } from '../api/upload-cover';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';
import { FileDrop, UploadProgress } from './file-drop';

const SLUG_CHECK_DELAY_MS = 400;

function useDebounced<T>(value: T, delayMs: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** A chosen image shown before it is uploaded; the object URL is released when it changes. */
function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function CourseForm({ course, onDone }: { course: AdminCourse | null; onDone: (course: AdminCourse) => void }) {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const ids = { description: useId(), tier: useId() };
  const limits = useUploadLimits();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const uploadCover = useUploadCover();
  const deleteCover = useDeleteCover();
  const [title, setTitle] = useState(course?.title ?? '');
  const [slug, setSlug] = useState(course?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(Boolean(course));
  const [description, setDescription] = useState(course?.description ?? '');
  const [tier, setTier] = useState<Tier>(course?.required_tier ?? 'calm');
  const [cover, setCover] = useState<File | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(cover);

  const effectiveSlug = slugEdited ? slug : title.trim() ? suggestSlug(title) : '';
  const slugValid = SLUG_PATTERN.test(effectiveSlug) && effectiveSlug.length <= SLUG_MAX;
  const debouncedSlug = useDebounced(effectiveSlug, SLUG_CHECK_DELAY_MS);
  const slugCheck = useSlugCheck(debouncedSlug, course?.id, slugValid && debouncedSlug === effectiveSlug);
  const slugTaken = slugCheck.data?.available === false && debouncedSlug === effectiveSlug;
  const titleError = submitted && !title.trim() ? t('courses.form.titleRequired') : undefined;
  const slugError =
    effectiveSlug && !slugValid
      ? t('courses.form.slugInvalid')
      : slugTaken
        ? t('courses.form.slugTaken', { suggestion: slugCheck.data?.slug ?? '' })
        : undefined;
  const busy = create.isPending || update.isPending || uploadCover.isPending;
  const coverTypes = limits.data?.cover.types ?? COVER_IMAGE_TYPES;
  const coverMax = limits.data?.cover.max_bytes ?? COVER_MAX_BYTES;
  const shownCover = previewUrl ?? course?.cover_url ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!title.trim() || !slugValid || slugTaken) return;
    try {
      let saved: AdminCourse;
      if (course) {
        saved = await update.mutateAsync({
          courseId: course.id,
          changes: { title: title.trim(), slug: effectiveSlug, description: description.trim(), required_tier: tier },
        });
      } else {
        saved = await create.mutateAsync({
          title: title.trim(),
          slug: effectiveSlug,
          description: description.trim(),
          required_tier: tier,
        });
      }
      if (cover) {
        setUploadPercent(0);
        saved = await uploadCover.mutateAsync({ courseId: saved.id, file: cover, onProgress: setUploadPercent });
      }
      toast.success(course ? t('courses.form.saved') : t('courses.form.created', { title: saved.title }));
      onDone(saved);
    } catch (error) {
      setUploadPercent(null);
      setFailure(
        error instanceof ApiError && error.code === 'conflict' ? t('courses.form.slugTakenShort') : errorText(error),
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        label={t('courses.form.title')}
        value={title}
        maxLength={COURSE_TITLE_MAX}
        required
        error={titleError}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <FormField
          label={t('courses.form.slug')}
          value={effectiveSlug}
          maxLength={SLUG_MAX}
          spellCheck={false}
          autoCapitalize="none"
          hint={t('courses.form.slugHint', { path: `/courses/${effectiveSlug || '…'}` })}
          error={slugError}
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.target.value.toLowerCase());
          }}
        />
        {slugTaken && slugCheck.data ? (
          <Button
            variant="link"
            className="h-auto self-start p-0"
            onClick={() => {
              setSlugEdited(true);
              setSlug(slugCheck.data.slug);
            }}
          >
            {t('courses.form.useSuggestion', { slug: slugCheck.data.slug })}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.description}>{t('courses.form.description')}</Label>
        <Textarea
          id={ids.description}
          value={description}
          rows={4}
          maxLength={COURSE_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.tier}>{t('courses.form.tier')}</Label>
        <Select value={tier} onValueChange={(value) => setTier(value as Tier)}>
          <SelectTrigger id={ids.tier} aria-describedby={`${ids.tier}-hint`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TIERS.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`tiers.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${ids.tier}-hint`} className="text-xs text-muted-foreground">
          {t('courses.form.tierHint')}
        </p>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('courses.form.cover')}</legend>
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <div className="flex aspect-[16/9] items-center justify-center rounded-md border border-border bg-muted">
            {shownCover ? (
              <img
                src={shownCover}
                alt={t('courses.form.coverPreview')}
                className="size-full rounded-md object-cover"
              />
            ) : (
              <ImageOff className="size-6 text-muted-foreground" aria-hidden="true" />
            )}
          </div>
          <div className="flex flex-col gap-2">
            <FileDrop
              label={cover ? t('courses.form.coverReplace', { name: cover.name }) : t('courses.form.coverChoose')}
              types={coverTypes}
              maxBytes={coverMax}
              disabled={busy}
              onFile={setCover}
            />
            {cover ? (
              <Button variant="ghost" size="sm" className="self-start" onClick={() => setCover(null)}>
                {t('courses.form.coverDiscard')}
              </Button>
            ) : course?.cover_url ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                disabled={deleteCover.isPending}
                onClick={() =>
                  deleteCover.mutate(course.id, {
                    onSuccess: () => toast.success(t('courses.form.coverRemoved')),
                    onError: (error) => setFailure(errorText(error)),
                  })
                }
              >
                {t('courses.form.coverRemove')}
              </Button>
            ) : null}
          </div>
        </div>
        {uploadPercent !== null ? (
          <UploadProgress percent={uploadPercent} label={t('courses.form.coverUploading')} />
        ) : null}
      </fieldset>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('saving') : course ? t('courses.form.save') : t('courses.form.create')}
        </Button>
      </div>
    </form>
  );
}

/** Create a course, or edit one: title, address (slug), description, plan and cover image. */
export function CourseFormDialog({
  open,
  onOpenChange,
  course,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  course: AdminCourse | null;
  onSaved?: (course: AdminCourse) => void;
}) {
  const { t } = useTranslation('authoring');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{course ? t('courses.form.editTitle') : t('courses.form.createTitle')}</DialogTitle>
        <DialogDescription>{t('courses.form.description_hint')}</DialogDescription>
        {open ? (
          <CourseForm
            key={course?.id ?? 'new'}
            course={course}
            onDone={(saved) => {
              onSaved?.(saved);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
