import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCategories, apiOk } from './ledger-api.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

/**
 * The User page's "Download all transactions" in Chromium against the product as `npm start` runs
 * it: the browser reads every page of GET /transactions/export and saves one CSV file, a line per
 * category part, amounts exact, a bank's formula-like name kept as text.
 */
describe('download all transactions', () => {
  it('saves every transaction as a CSV file from the User page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, stack);
    const categories = await apiCategories(page, stack.url);
    const groceries = categories.find((c) => c.name === 'Groceries')!.id;
    const dining = categories.find((c) => c.name === 'Dining Out')!.id;
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const accountId = await addOfflineInstitution(page, { institution: 'Export Bank', account: 'Checking', balance: '1000', startDate: isoDaysAgo(30) });
    await page.waitForURL(`**/accounts/${accountId}`);
    await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, {
      date: isoDaysAgo(5), name: 'Market, "Downtown"', amount: -30.1, categories: [{ categoryId: groceries, amount: -25.6 }, { categoryId: dining, amount: -4.5, comment: 'coffee' }],
    });
    await apiOk(page, stack.url, 'POST', `account/${accountId}/transactions`, { date: isoDaysAgo(3), name: '=SUM(A1:A9)', amount: -2, categories: [] });

    await page.goto(`${stack.url}/user`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all transactions' }).click()]);
    await expect.poll(() => page.getByTestId('export-status').textContent()).toBe('Saved 3 transactions.');
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = Papa.parse<string[]>(text.trim()).data;
    expect(header).toEqual(['Date', 'Account', 'Payee', 'Category Group', 'Category', 'Memo', 'Amount', 'Type', 'Pending', 'Transaction ID']);
    const shown = rows.map(([date, account, payee, group, category, memo, amount, type, pending]) => [date, account, payee, group, category, memo, amount, type, pending]);
    expect(shown).toEqual([
      [isoDaysAgo(30), 'Export Bank: Checking', 'Initial Funding', '', 'Funding Pool', '', '1000.00', 'Starting balance', 'No'],
      [isoDaysAgo(5), 'Export Bank: Checking', 'Market, "Downtown"', 'Food', 'Groceries', '', '-25.60', 'Manual', 'No'],
      [isoDaysAgo(5), 'Export Bank: Checking', 'Market, "Downtown"', 'Food', 'Dining Out', 'coffee', '-4.50', 'Manual', 'No'],
      [isoDaysAgo(3), 'Export Bank: Checking', "'=SUM(A1:A9)", '', 'Unassigned', '', '-2.00', 'Manual', 'No'],
    ]);
    await context.close();
  });
});
