import { useEffect } from 'react';
import { getPreferences, type UserPreferences } from '@budget/contracts';
import { setDateFormat, useRouteQuery, useSession } from '@budget/web';

/** Stops following the browser's colour scheme (a theme other than "system" was chosen). */
let stopFollowing: (() => void) | null = null;

/**
 * Applies a user's display preferences to the whole app: the theme as `data-theme` on <html>
 * (light, dark or system) with the scheme in force as `data-color-scheme` (for system, the
 * browser's `prefers-color-scheme`, followed as it changes; ./theme.css reads it), and the date
 * format of every `formatDate`.
 */
export function applyPreferences(preferences: Pick<UserPreferences, 'theme' | 'dateFormat'>, root: HTMLElement = document.documentElement): void {
  stopFollowing?.();
  stopFollowing = null;
  root.dataset.theme = preferences.theme;
  const browser = preferences.theme === 'system' ? globalThis.matchMedia?.('(prefers-color-scheme: dark)') : undefined;
  const resolve = () => {
    root.dataset.colorScheme = preferences.theme === 'system' ? (browser?.matches ? 'dark' : 'light') : preferences.theme;
  };
  resolve();
  if (browser) {
    browser.addEventListener('change', resolve);
    stopFollowing = () => browser.removeEventListener('change', resolve);
  }
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
