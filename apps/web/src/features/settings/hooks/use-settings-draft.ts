import type { ProfileUpdate } from '@portal/shared/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUpdateProfile } from '../api/update-profile';

/** Pending edits of one settings tab: compared with what is saved, saved with the spec's toasts, or discarded. */
export function useSettingsDraft<Draft>({
  saved,
  initial = saved,
  toChanges,
}: {
  saved: Draft;
  initial?: Draft;
  toChanges: (draft: Draft) => ProfileUpdate;
}) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const [draft, setDraft] = useState(initial);
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const save = () =>
    update.mutate(toChanges(draft), {
      onSuccess: () => toast.success(t('saved')),
      onError: () => toast.error(t('saveFailed')),
    });
  return {
    draft,
    set,
    dirty: JSON.stringify(draft) !== JSON.stringify(saved),
    discard: () => setDraft(saved),
    save,
    saving: update.isPending,
  };
}
