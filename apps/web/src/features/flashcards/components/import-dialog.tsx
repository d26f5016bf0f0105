import type { ImportFormat, ImportResult } from '@portal/shared/flashcards-import';
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { importFormatOf, useImportDeckFile } from '../api/import-deck';

type Chosen = { file: File; format: ImportFormat };

/** Import a CSV/TSV file or an Anki package into a deck: pick or drop it, see what it holds, then import it. */
export function ImportDialog({ deckId, deckName }: { deckId: string; deckName: string }) {
  const { t } = useTranslation('flashcards-import');
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const run = useImportDeckFile();

  const reset = () => {
    setChosen(null);
    setPreview(null);
    setProblem(null);
    run.reset();
  };
  const failure = (error: unknown) =>
    setProblem(error instanceof ApiError && error.status === 400 ? error.message : t('import.failed'));

  const choose = (file: File | undefined) => {
    reset();
    if (!file) return;
    const format = importFormatOf(file.name);
    if (!format) {
      setProblem(t('import.unknownType'));
      return;
    }
    setChosen({ file, format });
    run.mutate({ deckId, file, format, dryRun: true }, { onSuccess: (result) => setPreview(result), onError: failure });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const confirm = () => {
    if (!chosen) return;
    run.mutate(
      { deckId, ...chosen, dryRun: false },
      {
        onSuccess: (result) => {
          toast.success(t('import.done', { count: result.imported, deck: deckName }));
          setOpen(false);
          reset();
        },
        onError: failure,
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" />
          {t('import.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('import.title', { deck: deckName })}</DialogTitle>
        <DialogDescription>{t('import.description')}</DialogDescription>
        <section
          aria-label={t('import.dropLabel')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border p-6 text-center text-sm',
            dragging && 'border-primary bg-primary/5',
          )}
        >
          <p>{t('import.drop')}</p>
          <input
            id={inputId}
            type="file"
            accept=".csv,.tsv,.txt,.apkg"
            className="peer sr-only"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            className="cursor-pointer font-medium text-primary underline underline-offset-4 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
          >
            {t('import.pick')}
          </label>
          <p className="text-xs text-muted-foreground">{t('import.formats')}</p>
        </section>
        <div aria-live="polite" className="min-h-6 text-sm">
          {run.isPending ? <p>{t('import.reading')}</p> : null}
          {problem ? (
            <p role="alert" className="text-destructive">
              {problem}
            </p>
          ) : null}
          {preview && !problem ? (
            <p>
              {t('import.preview', { count: preview.found, file: chosen?.file.name ?? '' })}
              {preview.skipped ? ` ${t('import.skipped', { count: preview.skipped })}` : ''}
              {preview.media ? ` ${t('import.media', { count: preview.media })}` : ''}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={confirm} disabled={!preview || Boolean(problem) || run.isPending}>
            {t('import.confirm', { count: preview?.found ?? 0 })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
