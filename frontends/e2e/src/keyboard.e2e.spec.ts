import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution, createStatement, pickCategory } from './ledger-steps.js';
import { focused, hasFocus, type Focused } from './focus.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

/**
 * The keyboard (docs/architecture.md §9): a dialog opened from the keyboard gives the focus back
 * to its opener when it closes (Escape, Save, a menu item's dialog); a register is one Tab stop
 * whose rows the arrow keys move through and Enter opens; a ticked reconcile box keeps the
 * focus; every main page has one h1.
 */

let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

/** Adds a transaction through the keyboard-opened dialog and checks the focus comes back to the button. */
async function addTransaction(page: Page, name: string, amount: string, daysAgo: number): Promise<void> {
  const add = page.getByRole('button', { name: 'Add Transaction' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('transaction-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Date').fill(isoDaysAgo(daysAgo));
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
  await pickCategory(dialog, 1, 'groc');
  await dialog.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(add), { timeout: 5_000 }).toBe(true);
}

describe('the keyboard', () => {
  it('returns the focus to what opened a dialog, moves through a register with the arrows, keeps it on a ticked box', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);

    // A menu opened from the keyboard, an item chosen with Enter: its dialog's Escape returns to the menu's button.
    const addMenu = page.getByTestId('add-menu').getByRole('button', { name: 'Add…' });
    await addMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Group' }).waitFor();
    await expect.poll(async () => (await focused(page))?.role).toBe('menuitem');
    await page.keyboard.press('Enter');
    const groupDialog = page.getByTestId('group-dialog');
    await groupDialog.waitFor();
    await page.keyboard.press('Escape');
    await groupDialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(addMenu), { timeout: 5_000 }).toBe(true);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const startDate = isoDaysAgo(30);
    await addOfflineInstitution(page, { institution: 'Key Bank', account: 'Checking', balance: '100000000', startDate });

    // Escape closes the keyboard-opened dialog and the focus is back on its button.
    const add = page.getByRole('button', { name: 'Add Transaction' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(d.ownerDocument.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(add), { timeout: 5_000 }).toBe(true);

    // Save closes it and the focus is back on its button too (three times: the register's rows).
    await addTransaction(page, 'Oldest', '-10', 3);
    await addTransaction(page, 'Middle', '-20', 2);
    await addTransaction(page, 'Huge', '-99999999.99', 1);

    // The largest amount is shown whole, not cut off.
    const grid = page.getByRole('grid', { name: 'Transactions' });
    const huge = grid.getByTestId('register-row').filter({ hasText: 'Huge' }).locator('.ui-register__cell--amount');
    expect((await huge.innerText()).trim()).toBe('-99,999,999.99');
    expect(await huge.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

    // The register is one Tab stop: Tab from the selected view tab reaches its first row; one more leaves it.
    await page.getByRole('tablist', { name: 'Account views' }).getByRole('tab', { name: 'Transactions' }).focus();
    let stop: Focused | null = null;
    const stops: string[] = [];
    for (let presses = 0; presses < 8 && stop?.role !== 'row'; presses += 1) {
      await page.keyboard.press('Tab');
      stop = await focused(page);
      stops.push(stop ? `${stop.tag} ${stop.role ?? ''} ${stop.text.slice(0, 20)}` : 'nothing');
    }
    expect(stop?.role, `the Tab stops after the tab: ${stops.join(' | ')}`).toBe('row');
    expect(stop?.index).toBe('0');
    expect(stop?.text).toContain('Huge');
    // Nothing focusable follows the register on this page: the focus leaves the page itself.
    await page.keyboard.press('Tab');
    expect((await focused(page))?.inGrid ?? false).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ role: 'row', index: '0' });

    // ArrowDown moves to the next row, End to the last, Home back; Enter opens the row's transaction.
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ role: 'row', index: '1' });
    expect((await focused(page))?.text).toContain('Middle');
    await page.keyboard.press('End');
    const last = String((await grid.getByTestId('register-row').count()) - 1);
    expect(await focused(page)).toMatchObject({ role: 'row', index: last });
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Middle');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => await focused(page), { timeout: 5_000 }).toMatchObject({ role: 'row', index: '1' });

    // Save from a row's dialog returns to the row as well.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByLabel('Comment').fill('checked');
    await dialog.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.text ?? '', { timeout: 5_000 }).toContain('Middle');

    // A confirmed delete: the row is gone and the focus stays in the register, on the row now in its place.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await grid.getByTestId('register-row').filter({ hasText: 'Middle' }).waitFor({ state: 'detached' });
    await expect.poll(async () => await focused(page), { timeout: 5_000 }).toMatchObject({ role: 'row', index: '1' });
    expect((await focused(page))?.text).toContain('Oldest');

    // Reconciling: Tab from the row reaches its box; Space ticks it and the focus stays on it.
    await createStatement(page, { startDate, endDate: isoDaysAgo(0), startingBalance: '100000000', endingBalance: '0' });
    await page.getByRole('button', { name: 'Reconcile None' }).click();
    await page.getByRole('button', { name: 'Reconcile Transactions' }).click();
    const oldest = grid.getByTestId('register-row').filter({ hasText: 'Oldest' });
    const box = oldest.getByRole('checkbox');
    await expect.poll(() => box.isEnabled()).toBe(true);
    await oldest.focus();
    await page.keyboard.press('Tab');
    expect(await hasFocus(box)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => box.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await hasFocus(box)).toBe(true);
    await context.close();
  });

  it('gives every main page one h1', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const paths = ['/home', '/bills', '/accounts', '/search', '/reports', '/reports/net-worth', '/auto-assignments', '/logs', '/user'];
    const counts: Record<string, number> = {};
    for (const path of paths) {
      await page.goto(`${stack.url}${path}`);
      await page.locator('h1').first().waitFor({ state: 'attached', timeout: 15_000 });
      await networkQuiet(page);
      counts[path] = await page.locator('h1').count();
    }
    expect(counts).toEqual(Object.fromEntries(paths.map((path) => [path, 1])));
    await context.close();
  });
});
