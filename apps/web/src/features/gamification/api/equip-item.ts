import type { Shop } from '@portal/shared/gamification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { gamificationStatsQueryOptions } from './get-gamification-stats';
import { shopQueryOptions } from './get-shop';

export const equipItem = (itemId: string) => api.post<Shop>('/api/gamification/shop/equip', { item_id: itemId });

export const useEquipItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: equipItem,
    onSuccess: async (shop) => {
      queryClient.setQueryData(shopQueryOptions().queryKey, shop);
      await queryClient.invalidateQueries({ queryKey: gamificationStatsQueryOptions().queryKey });
    },
  });
};
