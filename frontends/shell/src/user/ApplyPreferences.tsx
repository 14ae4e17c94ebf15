import { usePreferences } from './preferences.js';

/** Mounted once behind sign-in: the signed-in user's theme and date format apply on every page. */
export function ApplyPreferences() {
  usePreferences();
  return null;
}
