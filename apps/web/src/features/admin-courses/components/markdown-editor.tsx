import { MARKDOWN_MAX } from '@portal/shared/course-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '@/components/sanitized-html';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { usePreviewMarkdown } from '../api/preview-markdown';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';

/** Markdown with a preview rendered and sanitised by the server, exactly as learners will see it. */
export function MarkdownEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const id = useId();
  const preview = usePreviewMarkdown();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [previewed, setPreviewed] = useState<string | null>(null);
  const showPreview = () => {
    setTab('preview');
    if (previewed === value && preview.data !== undefined) return;
    setPreviewed(value);
    preview.mutate(value);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('lessons.form.markdown')}</Label>
      <Tabs
        value={tab}
        onValueChange={(next) => (next === 'preview' ? showPreview() : setTab('write'))}
        className="flex flex-col"
      >
        <TabsList className="self-start">
          <TabsTrigger value="write">{t('lessons.form.write')}</TabsTrigger>
          <TabsTrigger value="preview">{t('lessons.form.preview')}</TabsTrigger>
        </TabsList>
        <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
          <Textarea
            id={id}
            value={value}
            rows={14}
            maxLength={MARKDOWN_MAX}
            spellCheck
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.value)}
            className="font-mono text-sm"
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
            {t('lessons.form.markdownHint')}
          </p>
          {error ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </TabsContent>
        <TabsContent value="preview" className="min-h-40 rounded-md border border-border bg-card p-4">
          {preview.isPending ? <Spinner label={t('lessons.form.previewLoading')} /> : null}
          {preview.isError ? <Alert variant="destructive">{errorText(preview.error)}</Alert> : null}
          {preview.data !== undefined && !preview.isPending ? (
            preview.data.trim() ? (
              <SanitizedHtml html={preview.data} headingOffset={1} />
            ) : (
              <p className="text-sm text-muted-foreground">{t('lessons.form.previewEmpty')}</p>
            )
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
