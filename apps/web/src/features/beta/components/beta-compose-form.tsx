import { BETA_MESSAGE_MAX, BETA_TITLE_MAX, type BetaUpdateType, postBetaUpdateBodySchema } from '@portal/shared/beta';
import { BETA_UPDATE_TYPES } from '@portal/shared/realtime-messages';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { usePostBetaUpdate } from '../api/post-beta-update';
import { BetaToastCard } from './beta-toast-card';
import { showBetaUpdateToast } from './show-beta-update-toast';

const EMPTY = { title: '', message: '', type: 'feature' as BetaUpdateType };

/** Compose a beta update beside a live preview of the toast testers will get; posting sends it at once. */
export function BetaComposeForm() {
  const { t } = useTranslation('beta');
  const post = usePostBetaUpdate();
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const ids = { message: useId(), messageCount: useId(), type: useId(), preview: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const parsed = postBetaUpdateBodySchema.safeParse(draft);
    if (!parsed.success) {
      setError(t('compose.invalid', { title: BETA_TITLE_MAX, message: BETA_MESSAGE_MAX }));
      return;
    }
    setError(null);
    post.mutate(parsed.data, {
      onSuccess: (update) => {
        setSent(t('compose.sent', { title: update.title }));
        setDraft(EMPTY);
      },
      onError: () => setError(t('compose.failed')),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="beta-compose-title"
      className="grid gap-6 rounded-lg border border-border bg-card p-6 lg:grid-cols-2"
    >
      <div className="flex flex-col gap-4">
        <h2 id="beta-compose-title" className="text-lg font-semibold">
          {t('compose.title')}
        </h2>
        <FormField
          label={t('compose.titleLabel')}
          maxLength={BETA_TITLE_MAX}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          hint={t('compose.count', { used: draft.title.length, max: BETA_TITLE_MAX })}
          required
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.message}>{t('compose.messageLabel')}</Label>
          <Textarea
            id={ids.message}
            rows={5}
            maxLength={BETA_MESSAGE_MAX}
            value={draft.message}
            aria-describedby={ids.messageCount}
            onChange={(event) => setDraft({ ...draft, message: event.target.value })}
            required
          />
          <p id={ids.messageCount} className="text-xs text-muted-foreground">
            {t('compose.count', { used: draft.message.length, max: BETA_MESSAGE_MAX })}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.type}>{t('compose.typeLabel')}</Label>
          <select
            id={ids.type}
            className="h-10 rounded-md border border-border bg-card px-3 text-sm"
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as BetaUpdateType })}
          >
            {BETA_UPDATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <p role="status" className="text-sm text-success">
          {sent}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? t('compose.posting') : t('compose.post')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!draft.title.trim()}
            onClick={() => showBetaUpdateToast(draft)}
          >
            {t('compose.tryToast')}
          </Button>
        </div>
      </div>
      <figure aria-labelledby={ids.preview} className="flex flex-col gap-2">
        <figcaption id={ids.preview} className="text-sm font-medium">
          {t('compose.preview')}
        </figcaption>
        <div className="rounded-md bg-muted p-4">
          <BetaToastCard
            title={draft.title.trim() || t('compose.previewTitle')}
            message={draft.message.trim() || t('compose.previewMessage')}
            type={draft.type}
          />
        </div>
        <p className="text-xs text-muted-foreground">{t('compose.previewHint')}</p>
      </figure>
    </form>
  );
}
