import { NOTE_BODY_MAX, type NoteFormat } from '@portal/shared/notes';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

/** The text and format of a note being written or edited; `extra` adds fields such as the pin. */
export function NoteEditor({
  label,
  initialBody = '',
  initialFormat = 'markdown',
  submitLabel,
  saving,
  onSubmit,
  onCancel,
  extra,
  focusOnOpen = false,
}: {
  label: string;
  initialBody?: string;
  initialFormat?: NoteFormat;
  submitLabel: string;
  saving: boolean;
  onSubmit: (note: { body: string; format: NoteFormat }) => Promise<unknown> | undefined;
  onCancel?: () => void;
  extra?: ReactNode;
  /** Puts the cursor in the text as the editor appears (editing a note opened from its Edit button). */
  focusOnOpen?: boolean;
}) {
  const { t } = useTranslation('notes');
  const id = useId();
  const [body, setBody] = useState(initialBody);
  const [format, setFormat] = useState<NoteFormat>(initialFormat);
  const [empty, setEmpty] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the editor appears
  useEffect(() => {
    if (focusOnOpen) text.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    await onSubmit({ body, format });
    if (onCancel) return;
    // A new note's editor empties for the next one and keeps the cursor (its button was busy meanwhile).
    setBody('');
    text.current?.focus();
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>{label}</Label>
        <Textarea
          ref={text}
          id={`${id}-body`}
          value={body}
          maxLength={NOTE_BODY_MAX}
          rows={4}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={empty ? true : undefined}
          aria-describedby={`${id}-hint${empty ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {format === 'markdown' ? t('editor.markdownHint') : t('editor.plainHint')}
        </p>
        {empty ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {t('editor.empty')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-40 flex-col gap-1.5">
          <Label htmlFor={`${id}-format`}>{t('editor.format')}</Label>
          <Select value={format} onValueChange={(value) => setFormat(value as NoteFormat)}>
            <SelectTrigger id={`${id}-format`} className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="markdown">{t('editor.formats.markdown')}</SelectItem>
              <SelectItem value="plain">{t('editor.formats.plain')}</SelectItem>
            </SelectContent>
          </Select>
        </div>
        {extra}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? t('editor.saving') : submitLabel}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="outline" onClick={onCancel}>
            {t('editor.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
