import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'learning-portal-backup-codes.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Backup codes to write down, with copy and download. */
export function BackupCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('security');
  const copy = () => {
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast.success(t('backupCodes.copied')),
      () => toast.error(t('errors.generic')),
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={t('backupCodes.title')}
        className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          {t('backupCodes.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadCodes(codes)}>
          <Download aria-hidden="true" />
          {t('backupCodes.download')}
        </Button>
      </div>
    </div>
  );
}
