import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format-bytes';

type Values = Record<string, unknown> | null;

/** Before and after of each field an event names, one line per field. */
export function AuditChanges({ before, after }: { before: Values; after: Values }) {
  const { t, i18n } = useTranslation('admin-audit');
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-muted-foreground">{t('changes.none')}</span>;
  const show = (values: Values, field: string) => {
    if (!values || !(field in values)) return t('changes.absent');
    const value = values[field];
    if (value === null || value === '') return t('changes.empty');
    // A file's size, as the upload screens show it.
    if (field.endsWith('_bytes') && typeof value === 'number') return formatBytes(value, i18n.resolvedLanguage);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return (
    <dl className="flex flex-col gap-1">
      {fields.map((field) => (
        <div key={field} className="flex flex-wrap gap-x-1.5">
          <dt className="font-mono text-xs font-medium">{`${field}:`}</dt>
          <dd className="break-all text-xs">
            <span className="sr-only">{`${t('changes.before')} `}</span>
            <span className="text-muted-foreground line-through decoration-1">{show(before, field)}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only">{`${t('changes.after')} `}</span>
            <span>{show(after, field)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
