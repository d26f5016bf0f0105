/** Whole minutes and hours of a duration, for the studio's figures. */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number } {
  const minutes = Math.round(totalSeconds / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
