import type { Profile, ProfileUpdate } from '@portal/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profileQueryOptions } from '@/lib/profile';

export const updateProfile = (changes: ProfileUpdate) =>
  api.patch<{ profile: Profile }>('/api/profile', changes).then((data) => data.profile);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
};
