import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTwoFactorStatus } from '../../api/get-two-factor-status';
import { BackupCodesDialog, type BackupCodesMode } from './backup-codes-dialog';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

export function TwoFactorCard() {
  const { t } = useTranslation('security');
  const status = useTwoFactorStatus();
  const [setupOpen, setSetupOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const [backupCodes, setBackupCodes] = useState<BackupCodesMode | null>(null);
  const enabled = status.data?.enabled ?? false;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t('twoFactor.title')}</CardTitle>
          {status.data ? (
            <Badge className={enabled ? undefined : 'bg-muted text-muted-foreground'}>
              {enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending ? <Spinner label={t('twoFactor.loading')} /> : null}
        {status.isError ? <Alert variant="destructive">{t('twoFactor.loadFailed')}</Alert> : null}
        {status.data && enabled ? (
          <>
            <p className="flex items-center gap-2 text-sm">
              <ShieldCheck className="size-4 text-success" aria-hidden="true" />
              {t('twoFactor.backupCodesLeft', { count: status.data.backupCodesRemaining ?? 0 })}
            </p>
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setBackupCodes('view')}>
                {t('backupCodes.show')}
              </Button>
              <Button variant="outline" onClick={() => setBackupCodes('regenerate')}>
                {t('backupCodes.regenerate')}
              </Button>
              <Button variant="destructive" onClick={() => setDisableOpen(true)}>
                <ShieldOff aria-hidden="true" />
                {t('twoFactor.disable')}
              </Button>
            </div>
          </>
        ) : null}
        {status.data && !enabled ? (
          <Button className="self-start" onClick={() => setSetupOpen(true)}>
            <ShieldCheck aria-hidden="true" />
            {t('twoFactor.enable')}
          </Button>
        ) : null}
      </CardContent>
      <TwoFactorSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
      <DisableTwoFactorDialog open={disableOpen} onOpenChange={setDisableOpen} />
      <BackupCodesDialog mode={backupCodes} onClose={() => setBackupCodes(null)} />
    </Card>
  );
}
