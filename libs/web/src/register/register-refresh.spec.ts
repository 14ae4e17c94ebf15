import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessForSpec } from '../testing/harness-page.testing.js';

/**
 * A background refresh of the register (after a save, or a change that came in) never moves its
 * rows: a row that moved while the refresh came and went put a click on the row beside the one
 * aimed at. Driven in Chromium on register-refresh.harness.tsx.
 */
const harness = harnessForSpec(new URL('./register-refresh.harness.tsx', import.meta.url), 'http://register.test');

/** Each drawn row's name and its top on the page, in order. */
const rowTops = (page: Page) =>
  page.getByTestId('register-row').evaluateAll((rows) => rows.map((row) => `${row.querySelector('[data-name-cell]')?.textContent}@${Math.round(row.getBoundingClientRect().top)}`));

/** Two frames: React has drawn the change and the browser laid it out. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const refreshing = (page: Page, on: boolean) => page.evaluate((on) => window.setRefreshing(on), on);

describe('a register refreshed in the background', () => {
  it.each([1024, 390])('keeps every row where it is while the refresh comes and goes (%ipx)', async (width) => {
    const { page } = await harness().open({ width });
    await page.getByTestId('register-row').first().waitFor();
    const before = await rowTops(page);
    expect(before).toHaveLength(5);

    await refreshing(page, true);
    await page.getByRole('status', { name: 'Refreshing' }).waitFor();
    await settle(page);
    expect(await rowTops(page)).toEqual(before);

    await refreshing(page, false);
    await page.getByRole('status', { name: 'Refreshing' }).waitFor({ state: 'detached' });
    await settle(page);
    expect(await rowTops(page)).toEqual(before);
    await page.close();
  });

  it('lets a click through the refresh mark to the row under it', async () => {
    const { page } = await harness().open();
    await page.getByTestId('register-row').first().waitFor();
    await refreshing(page, true);
    const mark = page.getByTestId('register-refreshing');
    await mark.waitFor();
    // Click where the mark sits, on whichever row is beneath it.
    const box = (await mark.boundingBox())!;
    const beneath = await page.evaluate(
      ([x, y]) => {
        const under = document.elementsFromPoint(x, y).find((e) => e.matches('[data-testid="register-row"]'));
        return under?.querySelector('[data-name-cell]')?.textContent ?? null;
      },
      [box.x + box.width / 2, box.y + box.height / 2] as const,
    );
    expect(beneath).not.toBeNull();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const names = await page.getByTestId('register-row').evaluateAll((rows) => rows.map((row) => row.querySelector('[data-name-cell]')?.textContent));
    const ids = ['t1', 't2', 't3', 't4', 't5'];
    expect(await page.evaluate(() => window.opened)).toEqual([ids[names.indexOf(beneath!)]]);
    await page.close();
  });
});
