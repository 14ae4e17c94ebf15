import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, setDateFormat } from '@budget/web';
import { applyPreferences } from './preferences.js';

type Listener = () => void;
/** The browser's `prefers-color-scheme: dark` query, switchable. */
function browserScheme(dark: boolean) {
  const listeners = new Set<Listener>();
  const query = { matches: dark, addEventListener: (_: string, l: Listener) => listeners.add(l), removeEventListener: (_: string, l: Listener) => listeners.delete(l) };
  (globalThis as { matchMedia?: unknown }).matchMedia = () => query;
  return {
    listeners,
    set(next: boolean) {
      query.matches = next;
      for (const l of listeners) l();
    },
  };
}
const html = () => ({ dataset: {} as DOMStringMap }) as HTMLElement;

afterEach(() => {
  delete (globalThis as { matchMedia?: unknown }).matchMedia;
  setDateFormat('MM/DD/YYYY');
});

describe('applyPreferences', () => {
  it('puts the theme on <html> with the scheme in force; "system" follows the browser as it changes, a chosen theme does not', () => {
    const browser = browserScheme(true);
    const root = html();
    applyPreferences({ theme: 'system', dateFormat: 'YYYY-MM-DD' }, root);
    expect([root.dataset.theme, root.dataset.colorScheme]).toEqual(['system', 'dark']);
    browser.set(false);
    expect(root.dataset.colorScheme).toBe('light');
    applyPreferences({ theme: 'dark', dateFormat: 'YYYY-MM-DD' }, root);
    expect([root.dataset.theme, root.dataset.colorScheme, browser.listeners.size]).toEqual(['dark', 'dark', 0]);
    browser.set(false);
    expect(root.dataset.colorScheme).toBe('dark');
  });

  it('sets the date format of formatDate', () => {
    applyPreferences({ theme: 'light', dateFormat: 'DD/MM/YYYY' }, html());
    expect(formatDate('2199-12-31')).toBe('31/12/2199');
  });
});
