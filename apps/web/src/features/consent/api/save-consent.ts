import type { CurrentConsent, SaveConsentBody } from '@portal/shared/consent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { writeStoredConsent } from '@/lib/consent';
import { consentQueryOptions } from './get-consent';
import { consentHistoryQueryOptions } from './get-consent-history';

export const saveConsent = ({ analytics, marketing, functional }: SaveConsentBody) =>
  api.post<CurrentConsent>('/api/consent', { analytics, marketing, functional });

/** The browser keeps what the account now holds, first, so the two never look out of step. */
export function rememberAccountConsent(current: CurrentConsent) {
  if (current.preferences) {
    writeStoredConsent(current.preferences, current.updated_at ? new Date(current.updated_at) : new Date());
  }
}

/** Consent changes run one after another, so the last choice made is the one kept. */
export const CONSENT_MUTATION_SCOPE = { id: 'consent' };

export const useSaveConsent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsent,
    scope: CONSENT_MUTATION_SCOPE,
    onSuccess: (current) => {
      rememberAccountConsent(current);
      queryClient.setQueryData(consentQueryOptions().queryKey, current);
      void queryClient.invalidateQueries({ queryKey: consentHistoryQueryOptions().queryKey });
    },
  });
};
