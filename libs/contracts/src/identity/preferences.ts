import { z } from 'zod';
import { route } from '../common/route.js';

/** How dates are shown (libs/web `formatDate`); years always have four digits. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;

/** The user page's preferences (product-spec §2 User page), kept per user on the server. */
export const userPreferences = z.object({
  dateFormat: z.enum(DATE_FORMATS, { message: 'Choose one of the date formats.' }),
  /** 0 = Sunday, 1 = Monday. */
  weekStart: z.union([z.literal(0), z.literal(1)], { message: 'The week starts on Sunday (0) or Monday (1).' }),
  theme: z.enum(THEMES, { message: 'The theme is light, dark or system.' }),
});
export type UserPreferences = z.infer<typeof userPreferences>;

export const DEFAULT_PREFERENCES: UserPreferences = { dateFormat: 'MM/DD/YYYY', weekStart: 0, theme: 'system' };

/** GET /user/preferences: the caller's preferences (the defaults until changed). */
export const getPreferences = route({
  id: 'getPreferences',
  method: 'GET',
  path: '/user/preferences',
  summary: 'The signed-in user\'s display preferences',
  tag: 'identity',
  response: z.object({ data: userPreferences }),
});

/** PATCH /user/preferences: changes the fields given; answers them all. */
export const updatePreferences = route({
  id: 'updatePreferences',
  method: 'PATCH',
  path: '/user/preferences',
  summary: 'Change display preferences (date format, first day of the week, theme)',
  tag: 'identity',
  body: userPreferences.partial(),
  response: z.object({ data: userPreferences }),
});
