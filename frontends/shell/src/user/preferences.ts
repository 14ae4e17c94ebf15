import { useEffect } from 'react';
import { getPreferences, type UserPreferences } from '@budget/contracts';
import { setDateFormat, useRouteQuery, useSession } from '@budget/web';

/**
 * Applies a user's display preferences to the whole app: the theme as `data-theme` on <html>
 * (light, dark or system; the shell's theme.css turns it into `color-scheme`, and "system" follows
 * the browser's `prefers-color-scheme`), and the date format of every `formatDate`.
 */
export function applyPreferences(preferences: Pick<UserPreferences, 'theme' | 'dateFormat'>, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = preferences.theme;
  setDateFormat(preferences.dateFormat);
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
