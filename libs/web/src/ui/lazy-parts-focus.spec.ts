import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessForSpec } from '../testing/harness-page.testing.js';

/**
 * A plain control that stands in for its Radix parts until they arrive (docs/architecture.md §9)
 * hands the focus over when it had it, and never takes back a focus the user has moved on: a Tab
 * pressed while the parts are on their way stays where it went. Driven in Chromium on
 * lazy-parts-focus.harness.tsx, the parts' chunk held back until the test releases it.
 */
const harness = harnessForSpec(new URL('./lazy-parts-focus.harness.tsx', import.meta.url), 'http://parts.test');

/** What has the focus: its role or tag and its accessible name (aria-label or text), and whether Radix drew it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    return { what: e.getAttribute('role') ?? e.tagName.toLowerCase(), name: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? '', radix: e.hasAttribute('data-state') };
  });

/**
 * Moves the focus to the box named `label` the moment `selector` is drawn: in the commit's
 * mutation callback, after React's layout effects and before its passive ones, as a user's key
 * could land between the swap and a late effect.
 */
const moveFocusWhenDrawn = (page: Page, selector: string, label: string) =>
  page.evaluate(
    ([selector, label]) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        document.querySelector<HTMLElement>(`[aria-label="${label}"]`)?.focus();
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    },
    [selector, label] as const,
  );

/**
 * Moves the focus to the box named `label` in the moment after the parts arrived and React was
 * asked to draw them, before it does (its scheduler posts a message for that; the first one
 * posted is caught), as a key pressed in that moment would.
 */
const moveFocusBeforeDrawn = (page: Page, label: string) =>
  page.evaluate((label) => {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<typeof post>) {
      MessagePort.prototype.postMessage = post;
      queueMicrotask(() => document.querySelector<HTMLElement>(`[aria-label="${label}"]`)?.focus());
      return post.apply(this, args);
    } as typeof post;
  }, label);

const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name });
const menuButton = (page: Page) => page.getByTestId('menu').getByRole('button', { name: 'Add…' });

/** Two frames: any effect still to run after the swap has run. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Each stand-in: the chunk of its parts, its plain control, what Radix draws in its place and the box after it. */
const controls = [
  { name: 'the tab strip', chunk: 'TabsFrame.js', plain: (page: Page) => tab(page, 'Transactions'), drawn: '[role="tab"][data-state="active"]', after: 'After the tabs' },
  { name: 'the menu button', chunk: 'MenuFrame.js', plain: menuButton, drawn: '[data-testid="menu"] button[data-state]', after: 'After the menu' },
];

describe('a stand-in control and its late parts', { timeout: 30_000 }, () => {
  it('given the tab strip had the focus when Radix arrived, then its tab has it and the arrow keys work', async () => {
    const { page, release } = await harness().open({ hold: 'TabsFrame.js' });
    await tab(page, 'Transactions').focus();
    release();
    await page.locator('[role="tab"][data-state="active"]').waitFor();
    await expect.poll(() => focused(page)).toEqual({ what: 'tab', name: 'Transactions', radix: true });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('view').textContent()).toBe('pending');
    expect(await focused(page)).toEqual({ what: 'tab', name: 'Pending', radix: true });
    await page.close();
  });

  it('given the tab strip is drawn by Radix, then it is the same one element of the page as the plain strip: its parent, its class', async () => {
    const { page, release } = await harness().open({ hold: 'TabsFrame.js' });
    const place = () =>
      page.evaluate(() => {
        const list = document.querySelector('[role="tablist"]');
        return { parent: list?.parentElement?.tagName.toLowerCase(), className: list?.className, tabs: list?.querySelectorAll(':scope > [role="tab"]').length };
      });
    expect(await place()).toEqual({ parent: 'main', className: 'ui-tabs', tabs: 2 });
    release();
    await tab(page, 'Pending').hover();
    await page.locator('[role="tab"][data-state="active"]').waitFor();
    expect(await place()).toEqual({ parent: 'main', className: 'ui-tabs', tabs: 2 });
    await tab(page, 'Pending').click();
    await expect.poll(() => page.getByTestId('view').textContent()).toBe('pending');
    await page.close();
  });

  it('given the menu button had the focus when Radix arrived, then the new button has it and Enter opens the menu', async () => {
    const { page, release } = await harness().open({ hold: 'MenuFrame.js' });
    await menuButton(page).focus();
    release();
    await page.locator('[data-testid="menu"] button[data-state]').waitFor();
    await expect.poll(() => focused(page)).toEqual({ what: 'button', name: 'Add…', radix: true });
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Group' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.picked)).toEqual(['Group']);
    await page.close();
  });

  describe.each(controls)('$name', ({ chunk, plain, drawn, after }) => {
    const box = { what: 'input', name: after, radix: false };

    it('given a Tab moved the focus on before the parts arrived, then the focus stays where it went and takes what is typed', async () => {
      const { page, release } = await harness().open({ hold: chunk });
      await plain(page).focus();
      await page.keyboard.press('Tab');
      expect(await focused(page)).toEqual(box);
      release();
      await page.locator(drawn).waitFor();
      await settle(page);
      expect(await focused(page)).toEqual(box);
      await page.keyboard.type('kept');
      expect(await page.getByLabel(after).inputValue()).toBe('kept');
      await page.close();
    });

    it('given the focus moved on after the parts arrived but before they were drawn, then it stays where it went', async () => {
      const { page, release } = await harness().open({ hold: chunk });
      await plain(page).focus();
      await moveFocusBeforeDrawn(page, after);
      release();
      await page.locator(drawn).waitFor();
      await settle(page);
      expect(await focused(page)).toEqual(box);
      await page.close();
    });

    it('given the focus moved on right after the parts were drawn, then it is not taken back', async () => {
      const { page, release } = await harness().open({ hold: chunk });
      await plain(page).focus();
      await moveFocusWhenDrawn(page, drawn, after);
      release();
      await page.locator(drawn).waitFor();
      await settle(page);
      expect(await focused(page)).toEqual(box);
      await page.close();
    });
  });
});
