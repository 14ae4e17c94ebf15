import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { audit, expectNoFailing } from './axe-audit.js';
import { expectListAmount, firstOfLastMonth, firstOfThisMonth, listEntry, screenshot } from './budget-steps.js';
import { apiOk } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * The Fund dialog (docs/architecture.md §9.3) at 1280 and 390 px: every column in view at 1280
 * with no sideways scroll, balances labelled with the funding date, a goal's reason for its
 * proposal beside the amount (the monthly bill due next month proposed at half), and "Fund what's
 * underfunded" in two clicks — the body saved is the one previewed — with axe finding nothing.
 */
let stack: Stack;
let browser: import('playwright-core').Browser;

withStack((started) => ({ stack, browser } = started));

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** The 8th of next month: a monthly bill due in the month after the one funded. */
function eighthOfNextMonth(): string {
  const now = new Date();
  return iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 8)));
}

const amountField = (dialog: Locator, name: string) => dialog.getByLabel(`Amount for Quick:${name}`);

async function expectTotal(dialog: Locator, amount: string): Promise<void> {
  await dialog.getByTestId('funding-total').filter({ hasText: new RegExp(`^Total funding\\s*${amount.replace(/[.,]/g, '\\$&')}$`) }).waitFor({ timeout: 15_000 });
}

async function seed(page: Page): Promise<{ rent: string; bill: string; fun: string }> {
  const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
    institution: { name: 'Quick Bank' },
    accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }],
    startDate: firstOfLastMonth(),
  });
  const account = opened.data.accounts[0]!.id;
  const group = (await apiOk<{ data: { id: string } }>(page, stack.url, 'POST', 'groups', { name: 'Quick', parentGroupId: null })).data.id;
  const add = async (body: object) => (await apiOk<{ data: { id: string } }>(page, stack.url, 'POST', `groups/${group}/categories`, { fundingCategories: [], ...body })).data.id;
  const rent = await add({ name: 'Rent', fundingAmount: 300, useGoal: false });
  const bill = await add({ name: 'Phone', type: 'BILL', fundingAmount: 80, useGoal: true, goalDate: eighthOfNextMonth(), recurrence: 1 });
  const fun = await add({ name: 'Movies', useGoal: false });
  // Movies has no plan and is overspent on the funding date: proposed 0.00, yet underfunded.
  await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: firstOfThisMonth(), name: 'Cinema', amount: -12.34, categories: [{ categoryId: fun, amount: -12.34 }] });
  return { rent, bill, fun };
}

describe.each([1280, 390])('the Fund dialog at %i px', (width) => {
  it("fund what's underfunded in two clicks; every column in view; axe clean", async () => {
    const phone = width < 600;
    const context = await browser.newContext({ viewport: { width, height: 900 }, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    await signUp(page, stack);
    const { rent, bill, fun } = await seed(page);
    await page.reload();
    await listEntry(page, 'Movies').waitFor();

    await page.getByRole('button', { name: 'Fund', exact: true }).click();
    const dialog = page.getByTestId('funding-dialog');
    await dialog.getByTestId(`funding-row-${rent}`).waitFor({ timeout: 20_000 });
    const table = dialog.getByRole('table', { name: 'Funding categories' });

    if (!phone) {
      // Every column header and the first row's amount field lie inside the 1280 px viewport.
      // Inside the viewport and inside the table's own visible box (a column scrolled out of it is hidden).
      const headers = table.getByRole('columnheader');
      expect(await headers.count()).toBe(8);
      const frame = (await table.boundingBox())!;
      for (const header of await headers.all()) {
        const box = await header.boundingBox();
        expect(box, await header.innerText()).not.toBeNull();
        expect(box!.x, await header.innerText()).toBeGreaterThanOrEqual(Math.max(0, frame.x));
        expect(box!.x + box!.width, await header.innerText()).toBeLessThanOrEqual(Math.min(width, frame.x + frame.width));
      }
      const first = table.getByRole('textbox').first();
      const box = await first.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      // No sideways scroll in the dialog or its table.
      for (const scroller of [dialog, table]) {
        const { scroll, client } = await scroller.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        expect(scroll).toBeLessThanOrEqual(client);
      }
      // The balance is the funding date's, said in its header.
      expect(await headers.nth(1).innerText()).toMatch(/^Balance on [A-Z][a-z]{2} 1, \d{4}$/i);
    } else {
      // The phone's card says it too, above each balance.
      expect(await dialog.getByTestId(`funding-row-${rent}`).locator('[data-label="Balance"]').getAttribute('data-caption')).toMatch(/^Balance on [A-Z][a-z]{2} 1, \d{4}$/);
      const { scroll, client } = await dialog.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(scroll).toBeLessThanOrEqual(client);
      // Each figure's caption and amount stay in its own column: none runs into the next one's.
      const figures = dialog.getByTestId(`funding-row-${rent}`).locator('.budget-figure');
      expect(await figures.count()).toBe(5);
      for (const figure of await figures.all()) {
        const spill = await figure.evaluate((el) => ({ caption: el.getAttribute('data-caption'), overflows: el.scrollWidth > el.clientWidth + 0.5 }));
        expect(spill, spill.caption ?? '').toEqual({ caption: spill.caption, overflows: false });
      }
    }

    // The monthly bill due next month is proposed at half (server-behaviour §4.4.4: this month and
    // the due month both fund it), and the row says why beside its amount.
    await dialog.getByTestId(`funding-row-${bill}`).locator('[data-label="Proposed"]').filter({ hasText: '40.00' }).waitFor();
    const reason = dialog.getByTestId(`funding-reason-${bill}`);
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.innerText()).toMatch(/80\.00 was changed to \$?40\.00 to reach the goal of \$?80\.00 due in /);

    expectNoFailing(await audit(page, `Fund dialog at ${width}`));
    await screenshot(page, `quick-funding-${width}`);

    // Cover overspending fills Movies alone; Fund what's underfunded then fills every proposal and Movies.
    await dialog.getByRole('button', { name: 'Cover overspending' }).click();
    await expectTotal(dialog, '12.34');
    expect(await amountField(dialog, 'Rent').inputValue()).toBe('0.00');
    await dialog.getByRole('button', { name: "Fund what's underfunded" }).click();
    await expectTotal(dialog, '352.34');
    expect(await amountField(dialog, 'Rent').inputValue()).toBe('300.00');
    expect(await amountField(dialog, 'Phone').inputValue()).toBe('40.00');
    expect(await amountField(dialog, 'Movies').inputValue()).toBe('12.34');

    // Save sends what the preview showed.
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/category-transfer'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    const body = (await posted).postDataJSON() as { categories: { categoryId: string; amount: number; funder: boolean }[] };
    const funded = Object.fromEntries(body.categories.filter((split) => !split.funder).map((split) => [split.categoryId, split.amount]));
    expect(funded).toEqual({ [rent]: 300, [bill]: 40, [fun]: 12.34 });
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await expectListAmount(page, 'Rent', '300.00');
    await expectListAmount(page, 'Phone', '40.00');
    await expectListAmount(page, 'Movies', '0.00');
    await expectListAmount(page, 'Funding Pool', '647.66');
    await context.close();
  });
});
