import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, setDateFormat, setWeekStart, weekStart } from '@budget/web';
import { applyPreferences } from './preferences.js';

const html = () => ({ dataset: {} as DOMStringMap }) as HTMLElement;

afterEach(() => {
  setDateFormat('MM/DD/YYYY');
  setWeekStart(0);
});

describe('applyPreferences', () => {
  it('puts the theme on <html> as data-theme (the shell\'s theme.css reads it)', () => {
    const root = html();
    applyPreferences({ theme: 'dark', dateFormat: 'MM/DD/YYYY' }, root);
    expect(root.dataset.theme).toBe('dark');
    applyPreferences({ theme: 'system', dateFormat: 'MM/DD/YYYY' }, root);
    expect(root.dataset.theme).toBe('system');
  });

  it('sets the date format of formatDate', () => {
    applyPreferences({ theme: 'light', dateFormat: 'DD/MM/YYYY' }, html());
    expect(formatDate('2199-12-31')).toBe('31/12/2199');
  });

  it("sets the first day of the week (the net-worth report's weekly buckets start on it); a theme-only apply keeps it", () => {
    applyPreferences({ theme: 'light', dateFormat: 'MM/DD/YYYY', weekStart: 1 }, html());
    expect(weekStart()).toBe(1);
    applyPreferences({ theme: 'dark', dateFormat: 'MM/DD/YYYY' }, html());
    expect(weekStart()).toBe(1);
    applyPreferences({ theme: 'dark', dateFormat: 'MM/DD/YYYY', weekStart: 0 }, html());
    expect(weekStart()).toBe(0);
  });
});
