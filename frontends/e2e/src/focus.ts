import type { Locator, Page } from 'playwright-core';

/** What has the keyboard focus: its tag, role, `data-index` (register rows), trimmed text and whether it is inside a grid. */
export interface Focused {
  tag: string;
  role: string | null;
  index: string | null;
  text: string;
  inGrid: boolean;
}

/** What has the focus now, null when nothing does (the body); evaluated in the page (the e2e project has no DOM types). */
export const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(`(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    return { tag: e.tagName, role: e.getAttribute('role'), index: e.getAttribute('data-index'), text: (e.textContent || '').trim(), inGrid: e.closest('[role="grid"]') !== null };
  })()`);

/** Whether this element has the focus. */
export const hasFocus = (locator: Locator): Promise<boolean> => locator.evaluate((e) => e === e.ownerDocument.activeElement);
