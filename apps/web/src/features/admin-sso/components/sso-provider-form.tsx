import { SSO_CALLBACK_PATH, SSO_DEFAULT_ROLES, type SsoDefaultRole, type SsoProvider } from '@portal/shared/sso';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useSaveSsoProvider } from '../api/save-sso-provider';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

type Fields = {
  name: string;
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  defaultRole: SsoDefaultRole;
  enabled: boolean;
};

const fieldsOf = (provider?: SsoProvider): Fields => ({
  name: provider?.name ?? '',
  slug: provider?.slug ?? '',
  issuer: provider?.issuer ?? '',
  clientId: provider?.client_id ?? '',
  clientSecret: '',
  domains: provider?.domains.join(', ') ?? '',
  defaultRole: provider?.default_role ?? 'learner',
  enabled: provider?.enabled ?? true,
});

const domainList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/** Adds an OpenID Connect provider, or edits one; the client secret can be replaced but is never shown. */
export function SsoProviderForm({ provider, onSaved }: { provider?: SsoProvider; onSaved?: () => void }) {
  const { t } = useTranslation('admin-sso');
  const save = useSaveSsoProvider();
  const titleId = useId();
  const [fields, setFields] = useState(() => fieldsOf(provider));
  const [problem, setProblem] = useState<string | null>(null);
  const editing = provider !== undefined;
  const text = (name: 'name' | 'slug' | 'issuer' | 'clientId' | 'clientSecret' | 'domains') => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });
  const callbackUrl =
    provider?.callback_url ?? `${window.location.origin}${SSO_CALLBACK_PATH}/${fields.slug.trim() || '…'}`;

  const check = (): string | null => {
    if (!fields.name.trim() || !fields.issuer.trim() || !fields.clientId.trim()) return t('errors.required');
    if (!editing && !SLUG.test(fields.slug.trim())) return t('errors.slug');
    if (!editing && !fields.clientSecret) return t('errors.secretRequired');
    if (domainList(fields.domains).length === 0) return t('errors.domains');
    return null;
  };

  const failed = (failure: unknown) => {
    const code = failure instanceof ApiError ? failure.code : 'network';
    const known = ['sso_discovery_failed', 'conflict', 'validation_failed', 'not_found'];
    setProblem(t(`errors.${known.includes(code) ? code : 'other'}`));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = check();
    setProblem(invalid);
    if (invalid) return;
    const common = {
      name: fields.name.trim(),
      issuer: fields.issuer.trim(),
      clientId: fields.clientId.trim(),
      domains: domainList(fields.domains),
      defaultRole: fields.defaultRole,
      enabled: fields.enabled,
    };
    const done = () => {
      toast.success(t(editing ? 'updated' : 'created', { name: common.name }));
      if (!editing) setFields(fieldsOf());
      onSaved?.();
    };
    if (provider) {
      save.mutate(
        {
          kind: 'update',
          providerId: provider.id,
          changes: { ...common, ...(fields.clientSecret ? { clientSecret: fields.clientSecret } : {}) },
        },
        { onSuccess: done, onError: failed },
      );
    } else {
      save.mutate(
        { kind: 'create', provider: { ...common, slug: fields.slug.trim(), clientSecret: fields.clientSecret } },
        { onSuccess: done, onError: failed },
      );
    }
  };

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} aria-labelledby={titleId} noValidate>
      <h2 id={titleId} className="text-lg font-semibold sm:col-span-2">
        {editing ? t('editTitle', { name: provider.name }) : t('newTitle')}
      </h2>
      <FormField label={t('fields.name')} autoComplete="off" maxLength={80} required {...text('name')} />
      <FormField
        label={t('fields.slug')}
        autoComplete="off"
        maxLength={40}
        required
        disabled={editing}
        hint={t('fields.slugHint')}
        {...text('slug')}
      />
      <FormField
        label={t('fields.issuer')}
        type="url"
        autoComplete="off"
        placeholder={t('fields.issuerPlaceholder')}
        required
        hint={t('fields.issuerHint')}
        {...text('issuer')}
      />
      <FormField label={t('fields.clientId')} autoComplete="off" required {...text('clientId')} />
      <FormField
        label={t('fields.clientSecret')}
        type="password"
        autoComplete="new-password"
        required={!editing}
        hint={editing ? t('fields.keepSecret') : t('fields.secretHint')}
        {...text('clientSecret')}
      />
      <FormField
        label={t('fields.domains')}
        autoComplete="off"
        placeholder={t('fields.domainsPlaceholder')}
        required
        hint={t('fields.domainsHint')}
        {...text('domains')}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('fields.defaultRole')}
        <select
          className="h-10 rounded-md border border-border bg-card px-3 font-normal"
          value={fields.defaultRole}
          onChange={(event) => setFields({ ...fields, defaultRole: event.target.value as SsoDefaultRole })}
        >
          {SSO_DEFAULT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={fields.enabled}
          onChange={(event) => setFields({ ...fields, enabled: event.target.checked })}
        />
        {t('fields.enabled')}
      </label>
      <div className="text-sm sm:col-span-2">
        <p className="font-medium">{t('fields.callbackUrl')}</p>
        <p className="text-muted-foreground">{t('fields.callbackHint')}</p>
        <code className="mt-1 block break-all rounded bg-muted px-2 py-1 text-xs">{callbackUrl}</code>
      </div>
      <div aria-live="polite" className="sm:col-span-2">
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="justify-self-start sm:col-span-2" disabled={save.isPending}>
        {save.isPending ? t('saving') : editing ? t('save') : t('create')}
      </Button>
    </form>
  );
}
