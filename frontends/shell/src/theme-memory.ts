/**
 * The theme of the last signed-in user on this device (docs/architecture.md §9): the preference arrives
 * with GET /user/preferences (./user/preferences.ts sets `data-theme` on <html>), so without this
 * every load would paint in the browser's scheme first and switch once it answers. The last value
 * is kept in localStorage and applied before the first render; "system" and no value follow
 * `prefers-color-scheme` (./theme.css).
 */
const KEY = 'budget.theme';
const THEMES = new Set(['light', 'dark', 'system']);

export function rememberTheme(root: HTMLElement = document.documentElement, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  try {
    const saved = storage.getItem(KEY);
    if (saved && THEMES.has(saved) && !root.dataset.theme) root.dataset.theme = saved;
    new MutationObserver(() => {
      const theme = root.dataset.theme;
      if (theme && THEMES.has(theme)) storage.setItem(KEY, theme);
    }).observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  } catch {
    // No storage (a private window that refuses it): the theme arrives with the preferences.
  }
}
