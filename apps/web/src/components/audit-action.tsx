import { useTranslation } from 'react-i18next';

/** An audit event's action in words, with its stable code beside it (what the audit log filters by). */
export function AuditAction({ code }: { code: string }) {
  const { t } = useTranslation('admin-audit');
  const label = t(`actions.${code}`, { defaultValue: '' });
  return (
    <span className="flex flex-col">
      {label ? <span>{label}</span> : null}
      <code className="break-all font-mono text-xs text-muted-foreground">{code}</code>
    </span>
  );
}
