import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { audit, expectNoFailing } from './axe-audit.js';
import { addFromMenu, firstOfLastMonth, listEntry, screenshot, typeAmount } from './budget-steps.js';
import { apiOk } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * Explicit goals (docs/architecture.md §9.3 "Explicit goals") at 1280 and 390 px: Add Goal names
 * its fields Target and Target date and says, as they are typed, what to fund a month; the body
 * saved is the spec's; after a funding the goal's row in Home's tree shows a progress bar whose
 * value text is "balance of target" and what is still to go; the bar fits a phone; axe finds
 * nothing on the dialog, the tree or the edit dialog.
 */
let stack: Stack;
let browser: import('playwright-core').Browser;

withStack((started) => ({ stack, browser } = started));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The first day of the month twelve months after this one (UTC, as the app's dates are here). */
function aYearAhead(): { iso: string; label: string } {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 12, 1));
  return { iso: date.toISOString().slice(0, 10), label: `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` };
}

/** Waits (generously: the projector and a loaded machine) until a category's entry shows the amount. */
async function listShows(page: Page, name: string, amount: string): Promise<void> {
  const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
  await page.getByTestId('category-list').getByRole('listitem').filter({ has: link }).filter({ hasText: amount }).first().waitFor({ timeout: 45_000 });
}

async function fitsWidth(page: Page, selector: string, width: number): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

describe.each([1280, 390])('an explicit goal at %i px', (width) => {
  it('target, date and monthly amount in the form; a progress bar in the tree after funding; axe clean', async () => {
    const phone = width < 600;
    const context = await browser.newContext({ viewport: { width, height: 900 }, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    await signUp(page, stack);
    // 1,000.00 in the Funding Pool: an offline account with that starting balance.
    await apiOk(page, stack.url, 'POST', 'institution', {
      institution: { name: 'Goal Bank' },
      accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }],
      startDate: firstOfLastMonth(),
    });
    // Waited for by what it shows (the list), not the load event, which a loaded machine can hold back.
    await page.reload({ waitUntil: 'commit', timeout: 60_000 });
    await listShows(page, 'Funding Pool', '1,000.00');
    const due = aYearAhead();

    // Add Goal: the fields say what they are; the monthly amount follows what is typed.
    await addFromMenu(page, 'Goal');
    const dialog = page.getByTestId('category-dialog');
    await dialog.getByRole('heading', { name: 'Add Goal' }).waitFor();
    await dialog.getByLabel('Name').fill('Sailboat');
    const target = dialog.getByLabel('Target', { exact: true });
    await target.click();
    await target.pressSequentially('1200');
    await dialog.getByLabel('Target date').fill(due.iso);
    const sentence = dialog.getByTestId('category-goal-sentence');
    // 1,200.00 over 13 fundings (this month to the due month, libs/money's goal formula) = 92.307… rounded up.
    await sentence.filter({ hasText: `Fund 92.31 a month to reach 1,200.00 by ${due.label}` }).waitFor({ timeout: 10_000 });
    await typeAmount(target, '600');
    await sentence.filter({ hasText: `Fund 46.16 a month to reach 600.00 by ${due.label}` }).waitFor({ timeout: 10_000 });
    await typeAmount(target, '1200');
    await sentence.filter({ hasText: 'Fund 92.31 a month' }).waitFor({ timeout: 10_000 });
    expect(await dialog.getByLabel('Monthly amount').count()).toBe(0);
    expectNoFailing(await audit(page, `Add Goal at ${width}`));
    await screenshot(page, `goal-dialog-${width}`);

    // The body is exactly the spec's: the target is fundingAmount, the target date goalDate.
    const posted = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/v1\/groups\/[^/]+\/categories$/.test(request.url()));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await posted).postDataJSON()).toEqual({
      type: 'GOAL',
      name: 'Sailboat',
      suspended: false,
      fundingAmount: 1200,
      includeFundingTransfers: true,
      recurrence: 1,
      useGoal: true,
      goalDate: due.iso,
      fundingCategories: [],
    });
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await listEntry(page, 'Sailboat').waitFor();
    const bar = page.getByTestId('category-list').getByRole('progressbar', { name: 'Sailboat goal progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuetext')).toBe('0.00 of 1,200.00');

    // Fund it 450.00 from the Funding Pool.
    await page.getByRole('button', { name: 'Fund', exact: true }).click();
    const funding = page.getByTestId('funding-dialog');
    const amount = funding.getByLabel('Amount for Sailboat', { exact: true });
    await amount.waitFor({ timeout: 20_000 });
    await typeAmount(amount, '450');
    await funding.getByRole('button', { name: 'Save' }).click();
    await funding.waitFor({ state: 'detached', timeout: 20_000 });
    await listShows(page, 'Sailboat', '450.00');

    // The tree's bar: 450.00 of 1,200.00 (37 %), 750.00 to go over the 13 fundings left.
    await expect.poll(() => bar.getAttribute('aria-valuetext'), { timeout: 15_000 }).toBe('450.00 of 1,200.00');
    expect(await bar.getAttribute('aria-valuenow')).toBe('37');
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    const row = page.getByTestId('category-list').getByRole('listitem').filter({ has: page.getByRole('progressbar', { name: 'Sailboat goal progress' }) });
    expect(await row.innerText()).toContain('750.00 to go · 57.70 a month');
    const fill = await bar.locator('.goal-progress__fill').boundingBox();
    const track = await bar.boundingBox();
    expect(fill!.width / track!.width).toBeGreaterThan(0.3);
    expect(fill!.width / track!.width).toBeLessThan(0.45);
    // It fits the width: the row's goal line lies inside the viewport, the list has no sideways scroll.
    await fitsWidth(page, '.category-list__goal .goal-progress__text', width);
    const list = page.getByTestId('category-list');
    const { scroll, client } = await list.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    expectNoFailing(await audit(page, `Home tree with a goal at ${width}`));
    await screenshot(page, `goal-tree-${width}`);

    // The edit dialog shows the same bar and what to fund a month now.
    await page.getByTestId('category-list').getByRole('button', { name: 'Edit Sailboat' }).click();
    const editing = page.getByTestId('category-dialog');
    await editing.getByRole('heading', { name: 'Edit Goal' }).waitFor();
    expect(await editing.getByLabel('Target', { exact: true }).inputValue()).toBe('1200.00');
    expect(await editing.getByLabel('Target date').inputValue()).toBe(due.iso);
    await editing.getByTestId('category-goal-sentence').filter({ hasText: `Fund 57.70 a month to reach 1,200.00 by ${due.label}` }).waitFor({ timeout: 10_000 });
    expect(await editing.getByRole('progressbar', { name: 'Sailboat goal progress' }).getAttribute('aria-valuetext')).toBe('450.00 of 1,200.00');
    expectNoFailing(await audit(page, `Edit Goal at ${width}`));
    await screenshot(page, `goal-edit-${width}`);
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await editing.waitFor({ state: 'detached' });
    await context.close();
  });
});
