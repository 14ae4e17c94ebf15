/**
 * The keyboard shortcuts (docs/architecture.md §9 "Keyboard"): one key each, outside text fields
 * and dialogs, listed on the "?" screen. A shortcut names a control by its `data-shortcut`
 * attribute (the control carries `aria-keyshortcuts` too, so assistive technology announces it);
 * when the page shown has no such control, the shortcut goes to the page that has one first.
 */
export interface Shortcut {
  key: string;
  /** What the "?" screen says it does. */
  label: string;
  /** The `data-shortcut` of the control it activates. */
  target: string;
  /** Click the control (a button) or focus it (a field). */
  act: 'click' | 'focus';
  /** Where the control is when the page shown has none (a route, or null: nowhere else). */
  route: string | null;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'n', label: 'New transaction in the account shown', target: 'new-transaction', act: 'click', route: null },
  { key: 'f', label: 'Fund categories', target: 'fund', act: 'click', route: '/home' },
  { key: '/', label: 'Search transactions', target: 'search', act: 'focus', route: '/search' },
  { key: '?', label: 'Show these shortcuts', target: '', act: 'click', route: null },
];

/** What a key press may trigger: none with a modifier (but Shift, for "?"), none while typing or inside a dialog. */
export function shortcutFor(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; defaultPrevented?: boolean }, focus: { typing: boolean; inDialog: boolean }): Shortcut | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (focus.typing || focus.inDialog) return null;
  return SHORTCUTS.find((shortcut) => shortcut.key === event.key) ?? null;
}

/** Whether the focus is where keys are text: a field, an editable region or a select. */
export function isTyping(element: Element | null): boolean {
  if (element === null) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
  }
  return element.closest('[contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"]') !== null;
}

/** The top-level section of a path ("/accounts/12" → "accounts"): moving between sections moves the focus to the page. */
export const sectionOf = (pathname: string) => pathname.split('/').filter(Boolean)[0] ?? '';
