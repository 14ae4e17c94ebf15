import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { firstOfLastMonth, firstOfThisMonth } from './budget-steps.js';
import { hasFocus } from './focus.js';
import { apiCategories, apiOk } from './ledger-api.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution, amountIn, registerRow } from './ledger-steps.js';
import { networkQuiet } from './network-quiet.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

interface Shift {
  value: number;
  moved: string[];
}

/**
 * Starts recording the page's layout shifts that no input of the user's caused (Chromium's Layout
 * Instability API: an element drawn somewhere else than in the frame before, `hadRecentInput`
 * false). A row of a virtualised register placed by its transform is not a shift; a strip put
 * above the rows is. An amount whose text changed width (only its own text moved) is left out.
 */
async function recordShifts(page: Page): Promise<void> {
  // Evaluated in the page as text: the e2e project has no DOM types.
  await page.evaluate(`(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        // An element holding only an amount whose text grew or shrank ("-5.00" to "-10.00") moves its own text: not a row moving.
        const nodes = entry.sources.map((source) => source.node).filter((node) => node instanceof Element);
        const amountOnly = (node) => { const amount = node.matches('.ui-amount') ? node : node.querySelector('.ui-amount'); return amount !== null && amount.textContent.trim() === node.textContent.trim(); };
        if (nodes.length > 0 && nodes.every(amountOnly)) continue;
        const moved = entry.sources.map((source) => (source.node instanceof Element ? source.node.tagName.toLowerCase() + '.' + source.node.className : String(source.node && source.node.nodeName)));
        window.__shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift' });
  })()`);
}

/** The layout shifts recorded since `recordShifts`. */
const shifts = (page: Page): Promise<Shift[]> => page.evaluate('window.__shifts');

/**
 * Changes made elsewhere (another device, a bank's sync) reach open screens through the change
 * feed (docs/architecture.md §4.1, §9). They change what the rows say, and add rows, but move
 * nothing under the user's pointer: a register's refresh in the background used to put a strip
 * above its rows, so every change moved them down a row's height and back. Nor do they take away
 * what the user is typing: the Fund dialog used to swap its form for a spinner while it fetched
 * them, dropping the focus and the keys typed after it.
 */
describe('changes made elsewhere move nothing and take nothing away on an open screen', () => {
  it('the account register and Home take in three transactions entered on another device without a layout shift', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const groceries = (await apiCategories(page, stack.url)).find((c) => c.name === 'Groceries')!.id;

    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const accountId = await addOfflineInstitution(page, { institution: 'Still Bank', account: 'Checking', balance: '1250', startDate: isoDaysAgo(20) });
    await page.waitForURL(`**/accounts/${accountId}`);
    await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, { date: isoDaysAgo(10), name: 'Hardware Store', amount: -20, categories: [{ categoryId: groceries, amount: -20 }] });
    await registerRow(page, 'Starting Balance').waitFor();
    await networkQuiet(page);

    // Another device enters three purchases; each one's row comes in at the top of the open register.
    await recordShifts(page);
    for (const [i, name] of ['Corner Shop', 'Bakery', 'Greengrocer'].entries()) {
      await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, { date: isoDaysAgo(3 - i), name, amount: -10, categories: [{ categoryId: groceries, amount: -10 }] });
      await registerRow(page, name).waitFor();
    }
    await expect.poll(async () => amountIn(page.getByTestId(`account-balance-${accountId}`)), { timeout: 30_000 }).toBe('1,200.00');
    // The balance's text shrinks, grows by five digits and shrinks back: the header's actions keep their row.
    for (const [name, amount, balance] of [['Rent', -300, '900.00'], ['Windfall', 99_999_000, '99,999,900.00'], ['Windfall back', -99_999_000, '900.00']] as const) {
      await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, { date: isoDaysAgo(0), name, amount, categories: [{ categoryId: groceries, amount }] });
      await expect.poll(async () => amountIn(page.getByTestId(`account-balance-${accountId}`)), { timeout: 30_000 }).toBe(balance);
    }
    await networkQuiet(page);
    expect(await shifts(page)).toEqual([]);

    // Home: the category's balance follows a purchase entered elsewhere, in place.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    const groceriesOnHome = page.getByTestId(`category-balance-${groceries}`);
    await groceriesOnHome.waitFor();
    await networkQuiet(page);
    const before = await amountIn(groceriesOnHome);
    await recordShifts(page);
    await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, { date: isoDaysAgo(0), name: 'Market', amount: -5, categories: [{ categoryId: groceries, amount: -5 }] });
    await expect.poll(async () => amountIn(groceriesOnHome), { timeout: 30_000 }).not.toBe(before);
    await networkQuiet(page);
    expect(await shifts(page)).toEqual([]);
    await context.close();
  });

  it('the Fund dialog keeps the field being typed in, and every key, while a change made elsewhere comes in; its figures follow', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const groceries = (await apiCategories(page, stack.url)).find((c) => c.name === 'Groceries')!.id;
    const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
      institution: { name: 'Still Bank' },
      accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }],
      startDate: firstOfLastMonth(),
    });
    const accountId = opened.data.accounts[0]!.id;
    await page.reload();

    // The dialog funds on the first of this month; the user starts typing an amount for Groceries.
    await page.getByRole('button', { name: 'Fund', exact: true }).click();
    const dialog = page.getByTestId('funding-dialog');
    const balance = dialog.getByTestId(`funding-row-${groceries}`).getByRole('cell').first();
    const field = dialog.getByLabel('Amount for Food:Groceries');
    await field.click();
    await page.keyboard.type('12');

    // Another device enters a purchase dated that day: its balance comes into the open dialog.
    await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, { date: firstOfThisMonth(), name: 'Elsewhere', amount: -5, categories: [{ categoryId: groceries, amount: -5 }] });
    await expect.poll(async () => amountIn(balance), { timeout: 30_000 }).toBe('-5.00');
    await networkQuiet(page);

    // The field was never taken away: it still has the focus, and the next key lands in it.
    expect(await hasFocus(field)).toBe(true);
    await page.keyboard.type('3');
    expect(await field.inputValue()).toBe('123');
    await context.close();
  });
});
