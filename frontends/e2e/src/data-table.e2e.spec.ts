import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution, createStatement } from './ledger-steps.js';
import { focused, hasFocus } from './focus.js';
import { apiRequest } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

/**
 * The data tables (React Aria Components' Table, docs/architecture.md §9): one Tab stop, the arrows
 * move between rows and cells and into a cell's button or radio, Enter and Space use them, a
 * sortable header sorts by keyboard, and a table wider than the screen scrolls as the focus moves.
 */
describe('data tables by keyboard', () => {
  it('reaches and presses a button in a cell, sorts by a header, and gives the focus back after the dialog', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    for (const name of ['Zeta', 'alpha', 'Mid']) {
      expect((await apiRequest(page, stack.url, 'POST', 'auto-assignments', { name, searchStrings: [name.toLowerCase()] })).status).toBe(201);
    }
    await page.getByTestId('sidebar').getByRole('link', { name: 'Auto Assign' }).click();
    const grid = page.getByRole('grid', { name: 'Auto assignments' });
    await grid.getByRole('rowheader', { name: 'Zeta' }).waitFor();
    const names = () => grid.getByRole('rowheader').allTextContents();
    expect(await names()).toEqual(['alpha', 'Mid', 'Zeta']);

    // One Tab stop: Tab from the button above lands on the first row, Tab again leaves the table.
    await page.getByRole('button', { name: 'Add Auto Assignment' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'TR', role: 'row' });
    expect((await focused(page))?.text).toMatch(/^alpha/);

    // Down a row, then Right through its cells to the Edit button; Enter opens that rule.
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    const editMid = grid.getByRole('button', { name: 'Edit Mid' });
    expect(await hasFocus(editMid)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('rule-dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Mid');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(editMid)).toBe(true);
    // Space presses it too.
    await page.keyboard.press('Space');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus is given back after the dialog has gone: the arrows below start from the button.
    await expect.poll(() => hasFocus(editMid)).toBe(true);

    // Up from the top row reaches the headers; Home goes to Name, Enter sorts by it, again turns it round.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Home');
    const nameHeader = grid.getByRole('columnheader', { name: 'Name' });
    expect(await hasFocus(nameHeader)).toBe(true);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await names()).toEqual(['alpha', 'Mid', 'Zeta']);
    await page.keyboard.press('Enter');
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await names()).toEqual(['Zeta', 'Mid', 'alpha']);
    // Headers without a sort key say nothing about order.
    expect(await grid.getByRole('columnheader', { name: 'Edit' }).getAttribute('aria-sort')).toBeNull();

    // The mouse still reaches a button in a cell.
    await grid.getByRole('button', { name: 'Edit alpha' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('alpha');
    await context.close();
  });

  it('scrolls a wide table sideways as the arrows move the focus, and ticks a radio in a cell with Space', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Table Bank', account: 'Checking', balance: '500', startDate: isoDaysAgo(60) });
    await createStatement(page, { startDate: isoDaysAgo(60), endDate: isoDaysAgo(31), startingBalance: '500', endingBalance: '500' });
    await createStatement(page, { startDate: isoDaysAgo(30), endDate: isoDaysAgo(1), startingBalance: '500', endingBalance: '123456.78' });
    const grid = page.getByRole('grid', { name: 'Statements' });
    await grid.getByRole('row').nth(2).waitFor();
    const radios = grid.getByRole('radio');
    await expect.poll(() => radios.nth(0).isChecked()).toBe(true);

    // A phone (the reload forgets the pick): eight columns of dates and amounts are wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('tab', { name: 'Statements' }).click();
    const wrap = page.locator('.ui-table-wrap', { has: grid });
    await wrap.waitFor();
    await expect.poll(() => wrap.evaluate((element) => element.scrollWidth > element.clientWidth + 100)).toBe(true);
    expect(await wrap.evaluate((element) => element.scrollLeft)).toBe(0);

    // Into the table by keyboard (the newest row), Right into its first cell (the radio takes the
    // focus), then End to the last column: the table scrolls to show it whole.
    await grid.focus();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'TR', role: 'row' });
    await page.keyboard.press('ArrowRight');
    expect(await hasFocus(radios.nth(0))).toBe(true);
    await page.keyboard.press('End');
    const difference = grid.getByRole('row').nth(1).locator('td').last();
    await expect.poll(() => hasFocus(difference)).toBe(true);
    expect(await wrap.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    const [cell, box] = await Promise.all([difference.boundingBox(), wrap.boundingBox()]);
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    // Home goes back to the first column, scrolled back.
    await page.keyboard.press('Home');
    expect(await hasFocus(radios.nth(0))).toBe(true);
    await expect.poll(() => wrap.evaluate((element) => element.scrollLeft)).toBe(0);

    // Down to the older statement's radio: the arrows move the focus without picking (the reload
    // left none picked); Space picks it, and Up then Space picks the newer one instead.
    expect(await radios.nth(0).isChecked()).toBe(false);
    await page.keyboard.press('ArrowDown');
    expect(await hasFocus(radios.nth(1))).toBe(true);
    expect(await radios.nth(1).isChecked()).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => radios.nth(1).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reconcile All' }).isEnabled()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await hasFocus(radios.nth(0))).toBe(true);
    expect(await radios.nth(0).isChecked()).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => radios.nth(0).isChecked()).toBe(true);
    expect(await radios.nth(1).isChecked()).toBe(false);
    await context.close();
  });
});
