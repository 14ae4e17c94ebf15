import { describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { apiCategories, apiOk } from './ledger-api.js';
import { auditDialog, expectNoFailing } from './axe-audit.js';
import { registerRow, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

/** An amount field's value without thousands separators. */
const valueOf = async (field: Locator) => (await field.inputValue()).replace(/,/g, '');

describe('statements that reconcile (docs/architecture.md §9.7)', () => {
  it('a new statement starts from the balance before its period, then from the newest ending; a tick outside the period asks first', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
      institution: { name: 'Town Bank' },
      accounts: [{ name: 'Everyday Checking', balance: 1250, tracking: 'Transactions' }],
      startDate: '2025-01-01',
    });
    const account = opened.data.accounts[0]!.id;
    const groceries = (await apiCategories(page, stack.url)).find((c) => c.name === 'Groceries')!.id;
    await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: '2025-02-10', name: 'February Market', amount: -45.67, categories: [{ categoryId: groceries, amount: -45.67 }] });
    await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: '2025-03-05', name: 'March Market', amount: -20, categories: [{ categoryId: groceries, amount: -20 }] });

    await page.goto(`${stack.url}/accounts/${account}`);
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.getByRole('button', { name: 'New Statement' }).click();
    const dialog = page.getByTestId('statement-dialog');
    const starting = dialog.getByLabel('Starting Balance');
    // The first statement: the account's balance at the end of the day before its start date.
    await dialog.getByLabel('Start Date').fill('2025-02-01');
    await expect.poll(() => valueOf(starting), { timeout: 30_000 }).toBe('1250.00');
    await dialog.getByLabel('Start Date').fill('2025-03-01');
    await expect.poll(() => valueOf(starting), { timeout: 30_000 }).toBe('1204.33');
    await dialog.getByLabel('End Date').fill('2025-03-31');
    await dialog.getByLabel('Ending Balance').fill('1184.33');
    await dialog.getByRole('button', { name: 'Create Statement' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The next one follows the newest: the day after it ended, from its ending balance.
    await page.getByRole('button', { name: 'New Statement' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe('2025-04-01');
    expect(await valueOf(starting)).toBe('1184.33');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A new statement holds only the rows ticked: March's, inside the period, is ticked without a question.
    await page.getByRole('button', { name: 'Reconcile Transactions' }).click();
    const difference = page.getByTestId('statement-difference');
    await difference.getByText('-20.00', { exact: true }).waitFor({ timeout: 30_000 });
    const march = registerRow(page, 'March Market').getByRole('checkbox');
    await expect.poll(() => march.isEnabled(), { timeout: 30_000 }).toBe(true);
    await march.click();
    await difference.getByText('0.00', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => march.isChecked(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);

    // February's row is outside the period, so its tick asks first.
    const february = registerRow(page, 'February Market').getByRole('checkbox');
    await expect.poll(() => february.isEnabled(), { timeout: 30_000 }).toBe(true);
    const confirm = page.getByTestId('confirm-dialog');
    expectNoFailing(await auditDialog(page, 'reconcile outside the period', 'confirm-dialog', () => february.click(), () => confirm.getByRole('button', { name: 'Cancel' }).click()));
    expect(await february.isChecked()).toBe(false);
    await difference.getByText('0.00', { exact: true }).waitFor();

    await february.click();
    await confirm.getByText('February Market is dated').waitFor();
    await confirm.getByRole('button', { name: 'Reconcile' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => february.isChecked(), { timeout: 30_000 }).toBe(true);
    await difference.getByText('45.67', { exact: true }).waitFor({ timeout: 30_000 });

    // Unticking it does not ask.
    await expect.poll(() => february.isEnabled(), { timeout: 30_000 }).toBe(true);
    await february.click();
    await expect.poll(() => february.isChecked(), { timeout: 30_000 }).toBe(false);
    expect(await confirm.count()).toBe(0);
    await context.close();
  });

  it('a difference offers an adjustment: a transaction of the difference on the end date, in the category picked, ticked onto the statement', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
      institution: { name: 'Town Bank' },
      accounts: [{ name: 'Everyday Checking', balance: 1000, tracking: 'Transactions' }],
      startDate: '2025-01-01',
    });
    const account = opened.data.accounts[0]!.id;
    const groceries = (await apiCategories(page, stack.url)).find((c) => c.name === 'Groceries')!.id;
    await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: '2025-03-05', name: 'Market', amount: -40, categories: [{ categoryId: groceries, amount: -40 }] });
    // The bank's statement says 955.00: 5.00 more went out than the register holds.
    const statement = await apiOk<{ id: string }>(page, stack.url, 'POST', `account/${account}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1000, endingBalance: 955 });

    await page.goto(`${stack.url}/accounts/${account}`);
    await page.getByLabel('Statement', { exact: true }).selectOption(statement.id);
    const difference = page.getByTestId('statement-difference');
    await difference.getByText('-45.00', { exact: true }).waitFor({ timeout: 30_000 });
    const market = registerRow(page, 'Market').getByRole('checkbox');
    await expect.poll(() => market.isEnabled(), { timeout: 30_000 }).toBe(true);
    await market.click();
    await difference.getByText('-5.00', { exact: true }).waitFor({ timeout: 30_000 });

    const offer = page.getByRole('button', { name: 'Create an adjustment for -5.00' });
    const dialog = page.getByTestId('adjustment-dialog');
    // The picker has the focus and its list open: the first Escape closes the list, the second the dialog.
    const escapeTwice = async () => {
      await page.keyboard.press('Escape');
      if ((await dialog.count()) > 0) await page.keyboard.press('Escape');
    };
    expectNoFailing(await auditDialog(page, 'reconciliation adjustment', 'adjustment-dialog', () => offer.click(), escapeTwice));
    await offer.click();
    await typeInto(dialog.getByRole('combobox', { name: 'Category' }), 'groc');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Create an adjustment for -5.00' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await difference.getByText('0.00', { exact: true }).waitFor({ timeout: 30_000 });
    const adjustment = registerRow(page, 'Reconciliation adjustment');
    await expect.poll(() => adjustment.getByRole('checkbox').isChecked(), { timeout: 30_000 }).toBe(true);
    expect(await adjustment.textContent()).toContain('-5.00');
    expect(await offer.count()).toBe(0);
    await context.close();
  });
});
