import type { Profile } from '@portal/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useMe } from './auth';
import { i18n } from './i18n';
import { formatDateAs, formatTimeAs } from './preferences';

export const getProfile = (signal?: AbortSignal) =>
  api.get<{ profile: Profile }>('/api/profile', signal).then((data) => data.profile);

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...profileQueryOptions(), enabled });

/** Dates and times as the signed-in learner chose to see them (format and time zone from their profile). */
export function useDisplayFormats() {
  const { data: me } = useMe();
  const { data: profile } = useProfile({ enabled: Boolean(me) });
  const timeZone = profile?.timezone;
  // The interface language, which the page's `lang` follows (the same on the server rendering the page).
  const locale = i18n.language || 'en';
  return {
    timeZone,
    /** A calendar date such as a deadline (`YYYY-MM-DD`), shown as that same date everywhere. */
    formatLocalDate: (date: string) => formatDateAs(new Date(`${date}T12:00:00Z`), profile?.date_format ?? 'US', 'UTC'),
    formatDate: (date: Date) => formatDateAs(date, profile?.date_format ?? 'US', timeZone),
    formatTime: (date: Date) => formatTimeAs(date, profile?.time_format ?? '12h', locale, timeZone),
  };
}
