import type { Profile } from '@portal/shared/profile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('dashboard');
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(profile.full_name ?? '');
  const [displayName, setDisplayName] = useState(profile.display_name ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { full_name: fullName.trim() || null, display_name: displayName.trim() || null, bio: bio.trim() || null },
      {
        onSuccess: () => toast.success(t('settings.saved')),
        onError: () => toast.error(t('settings.saveFailed')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex max-w-lg flex-col gap-4">
      <FormField
        label={t('settings.profile.fullName')}
        value={fullName}
        maxLength={120}
        onChange={(e) => setFullName(e.target.value)}
      />
      <FormField
        label={t('settings.profile.displayName')}
        value={displayName}
        maxLength={60}
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <FormField label={t('settings.profile.email')} value={profile.email ?? ''} readOnly disabled />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="profile-bio">{t('settings.profile.bio')}</Label>
        <textarea
          id="profile-bio"
          value={bio}
          maxLength={1000}
          rows={4}
          onChange={(event) => setBio(event.target.value)}
          className="rounded-md border border-border bg-card px-3 py-2 text-sm"
        />
      </div>
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}
