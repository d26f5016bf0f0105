import type { CurrentConsent, OptionalConsentType } from '@portal/shared/consent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { consentQueryOptions } from './get-consent';
import { consentHistoryQueryOptions } from './get-consent-history';
import { CONSENT_MUTATION_SCOPE, rememberAccountConsent } from './save-consent';

export const withdrawConsent = (consentType: OptionalConsentType) =>
  api.post<CurrentConsent>('/api/consent/withdraw', { consent_type: consentType });

export const useWithdrawConsent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawConsent,
    scope: CONSENT_MUTATION_SCOPE,
    onSuccess: (current) => {
      rememberAccountConsent(current);
      queryClient.setQueryData(consentQueryOptions().queryKey, current);
      void queryClient.invalidateQueries({ queryKey: consentHistoryQueryOptions().queryKey });
    },
  });
};
