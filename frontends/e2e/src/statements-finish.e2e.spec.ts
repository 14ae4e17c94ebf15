import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCategories, apiGet, apiOk } from './ledger-api.js';
import { audit, auditDialog, expectNoFailing } from './axe-audit.js';
import { registerRow, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** The element is laid out inside the screen's width (nothing off-screen at 390 px). */
async function expectOnScreen(page: Page, element: Locator, width: number, what: string) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width + 0.5);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth'), what).toBeLessThanOrEqual(width);
}

interface Statement { id: string; finished: boolean; reconciledAt: string | null }

/**
 * A statement that finishes and locks (docs/architecture.md §9.7): the difference closed by an
 * adjustment, then Finish; the statement is marked Reconciled; a locked row's tick and its edit
 * ask first (axe clean), the Starting Balance line's box explains itself and changes nothing, and
 * a confirmed edit reopens the statement. At 1280 px and on a phone at 390 px.
 */
describe.each([
  ['1280', DESKTOP],
  ['390', PHONE],
] as const)('a statement that finishes at %s px', (_width, options) => {
  it('adjust, Finish (Reconciled), the locked row asks first, the starting balance explains itself, a confirmed edit reopens it', async () => {
    const width = options.viewport.width;
    const context = await browser.newContext(options);
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
    const statement = await apiOk<{ id: string }>(page, stack.url, 'POST', `account/${account}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1000, endingBalance: 955 });
    const stored = async () => (await apiGet<Statement[]>(page, stack.url, `/api/v1/account/${account}/statements`)).find((s) => s.id === statement.id)!;

    await page.goto(`${stack.url}/accounts/${account}`);
    await page.getByLabel('Statement', { exact: true }).selectOption(statement.id);
    const difference = page.getByTestId('statement-difference');
    await difference.getByText('-45.00', { exact: true }).waitFor({ timeout: 30_000 });
    const market = registerRow(page, 'Market').getByRole('checkbox');
    await expect.poll(() => market.isEnabled(), { timeout: 30_000 }).toBe(true);
    await market.click();
    await difference.getByText('-5.00', { exact: true }).waitFor({ timeout: 30_000 });
    // While there is a difference, no Finish: the adjustment is offered instead.
    expect(await page.getByTestId('finish-statement').count()).toBe(0);

    const offer = page.getByRole('button', { name: 'Create an adjustment for -5.00' });
    await offer.click();
    const adjust = page.getByTestId('adjustment-dialog');
    await typeInto(adjust.getByRole('combobox', { name: 'Category' }), 'groc');
    await page.keyboard.press('Enter');
    await adjust.getByRole('button', { name: 'Create an adjustment for -5.00' }).click();
    await adjust.waitFor({ state: 'detached', timeout: 30_000 });
    await difference.getByText('0.00', { exact: true }).waitFor({ timeout: 30_000 });

    // Finish, at a zero difference: the statement is marked Reconciled, with Reopen.
    const finish = page.getByTestId('finish-statement');
    await finish.waitFor({ timeout: 30_000 });
    await expectOnScreen(page, finish, width, 'Finish');
    await finish.click();
    const reconciled = page.getByTestId('statement-reconciled');
    await reconciled.waitFor({ timeout: 30_000 });
    await expectOnScreen(page, reconciled, width, 'Reconciled');
    await expectOnScreen(page, page.getByTestId('reopen-statement'), width, 'Reopen');
    expect(await stored()).toMatchObject({ finished: true, reconciledAt: expect.any(String) });

    // A locked row's tick asks first (axe clean); Cancel changes nothing.
    const confirm = page.getByTestId('confirm-dialog');
    await expect.poll(() => market.isEnabled(), { timeout: 30_000 }).toBe(true);
    expectNoFailing(await auditDialog(page, `locked row tick at ${width}`, 'confirm-dialog', () => market.click(), () => confirm.getByRole('button', { name: 'Cancel' }).click()));
    await market.click();
    await confirm.getByText('Change a reconciled row?').waitFor();
    await expectOnScreen(page, confirm.getByRole('button', { name: 'Reopen and untick' }), width, 'the locked question');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await market.isChecked()).toBe(true);
    expect(await stored()).toMatchObject({ finished: true });

    // The Starting Balance line's box explains what it is, and changes nothing.
    const starting = registerRow(page, 'Starting Balance').getByRole('checkbox');
    await starting.scrollIntoViewIfNeeded();
    expectNoFailing(await auditDialog(page, `starting balance tick at ${width}`, 'confirm-dialog', () => starting.click(), () => confirm.getByRole('button', { name: 'OK' }).click()));
    await starting.click();
    await confirm.getByText("It is this statement's Starting Balance, not a row on it").waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await stored()).toMatchObject({ finished: true });

    // Editing the locked row's date asks first; Reopen and save changes it and reopens the statement.
    await registerRow(page, 'Market').getByText('Market', { exact: true }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill('2025-03-06');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await confirm.getByText('Change a reconciled row?').waitFor({ timeout: 30_000 });
    expectNoFailing(await audit(page, `locked row edit question at ${width}`));
    await expectOnScreen(page, confirm.getByRole('button', { name: 'Reopen and save' }), width, 'the edit question');
    await confirm.getByRole('button', { name: 'Reopen and save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => (await stored()).finished, { timeout: 30_000 }).toBe(false);
    await expect.poll(() => reconciled.count(), { timeout: 30_000 }).toBe(0);
    // Nothing changed silently: the statement is open again, its difference still zero, so Finish is offered again.
    await finish.waitFor({ timeout: 30_000 });
    await context.close();
  }, 300_000);
});
