import { useEffect } from 'react';
import { getPreferences, type UserPreferences } from '@budget/contracts';
import { setDateFormat, setWeekStart, useRouteQuery, useSession } from '@budget/web';

/**
 * Applies a user's display preferences to the whole app: the theme as `data-theme` on <html>
 * (light, dark or system; the shell's theme.css turns it into `color-scheme`, and "system" follows
 * the browser's `prefers-color-scheme`), the date format of every `formatDate`, and the first day
 * of the week (where weekly report buckets start).
 */
export function applyPreferences(preferences: Pick<UserPreferences, 'theme' | 'dateFormat'> & Partial<Pick<UserPreferences, 'weekStart'>>, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = preferences.theme;
  setDateFormat(preferences.dateFormat);
  if (preferences.weekStart !== undefined) setWeekStart(preferences.weekStart === 1 ? 1 : 0);
}

/** Reads the signed-in user's preferences (GET /user/preferences) and applies them. */
export function usePreferences() {
  const { authenticated } = useSession();
  const query = useRouteQuery(getPreferences, authenticated ? {} : null);
  const data = query.data?.data;
  useEffect(() => {
    if (data) applyPreferences(data);
  }, [data]);
  return query;
}
