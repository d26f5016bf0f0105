import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useExportAccountData } from '../../api/export-account-data';

export function DataExportCard() {
  const { t } = useTranslation('security');
  const exportData = useExportAccountData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('export.title')}</CardTitle>
        <CardDescription>{t('export.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          disabled={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => toast.success(t('export.done')),
              onError: () => toast.error(t('export.failed')),
            })
          }
        >
          <Download aria-hidden="true" />
          {exportData.isPending ? t('export.preparing') : t('export.download')}
        </Button>
      </CardContent>
    </Card>
  );
}
