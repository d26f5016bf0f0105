import type { GamificationSettings, GamificationSettingsResponse } from '@portal/shared/gamification-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { gamificationSettingsQueryOptions } from './get-gamification-settings';

export const updateGamificationSettings = (settings: GamificationSettings) =>
  apiRequest<GamificationSettingsResponse>('/api/admin/gamification/settings', { method: 'PUT', body: settings });

export const useUpdateGamificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGamificationSettings,
    onSuccess: (answer) => queryClient.setQueryData(gamificationSettingsQueryOptions().queryKey, answer),
  });
};
