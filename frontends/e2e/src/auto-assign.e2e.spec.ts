import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { audit, expectNoFailing } from './axe-audit.js';
import { isoDaysAgo, ofxFile } from './ledger-fixtures.js';
import { importOfx } from './ledger-imports.js';
import { addOfflineInstitution, registerRow, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

describe('auto-assignment rules in the browser', () => {
  it('a rule made on Auto Assign previews the Unassigned rows it would claim (one before the start date, marked, moving no balance), applies after confirming the figures (axe-clean), undoes, and assigns the next import', async () => {
    // bypassCSP: axe is injected as a script, which the app's Content-Security-Policy would refuse.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Rule Bank', account: 'Checking', balance: '500', startDate: isoDaysAgo(20) });
    // One row in the budget, one dated before the account's start date (it counts in no balance).
    const first = await importOfx(
      page,
      ofxFile([{ id: 'B1', date: isoDaysAgo(3), name: 'VALLEY BAKERY', amount: '-12.34' }, { id: 'B0', date: isoDaysAgo(30), name: 'VALLEY BAKERY EARLY', amount: '-100.00' }], '487.66'),
    );
    await first.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    // The next step: the new rows wait in Unassigned.
    await first.getByTestId('unassigned-next-step').getByText('2 new transactions need a category.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByTestId('sidebar').getByRole('link', { name: 'Auto Assign' }).click();
    await page.getByRole('button', { name: 'Add Auto Assignment' }).click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Bakery');
    await dialog.getByLabel('Search string 1', { exact: true }).fill('bakery');
    await typeInto(dialog.getByRole('combobox', { name: 'Funding category 1' }), 'groc');
    await page.keyboard.press('Enter');

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('rule-preview');
    await preview.getByText("2 Unassigned transactions match this rule. 1 of them is dated before its account's start date: it takes the rule's categories but moves no balance.").waitFor();
    const listed = await preview.getByRole('grid', { name: 'Matching transactions' }).textContent();
    expect(listed).toContain('VALLEY BAKERY EARLY');
    expect(listed).toContain('No: before the start date');
    // The move is the row in the budget only.
    const moves = await preview.getByRole('grid', { name: 'Balance changes' }).textContent();
    expect(moves).toContain('Groceries');
    expect(moves).toContain('-12.34');
    expect(moves).not.toContain('-112.34');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = page.getByRole('grid', { name: 'Auto assignments' });
    await list.getByText('Bakery', { exact: true }).waitFor();
    expect(await list.textContent()).toContain('Groceries 100%');

    await list.getByRole('button', { name: 'Edit Bakery' }).click();
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Apply to Existing' }).click();
    // Apply asks first, with the figures the apply will produce.
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('Assign 2 Unassigned transactions with the rule "Bakery"?', { exact: false }).waitFor();
    expect(await confirm.textContent()).toMatch(/Groceries -12\.34 .*1 of them is dated before its account's start date/);
    expectNoFailing(await audit(page, 'apply confirmation'));
    await confirm.getByRole('button', { name: 'Apply' }).click();
    const assigned = "Assigned 2 transactions (1 before its account's start date, moving no balance).";
    await page.getByTestId('rule-dialog').getByText(assigned).waitFor();
    // Undo puts the row back into Unassigned; applying again assigns it once more.
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('rule-dialog').getByText('Put 2 transactions back into Unassigned.').waitFor();
    expect(await page.getByTestId('rule-dialog').getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Apply to Existing' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('rule-dialog').getByText(assigned).waitFor();
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Cancel' }).click();

    // The next import: the matching row is assigned by the rule as it lands.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.getByText('Checking').first().click();
    const next = await importOfx(page, ofxFile([{ id: 'B2', date: isoDaysAgo(1), name: 'VALLEY BAKERY 2', amount: '-5.66' }], '482.00'));
    await next.getByText('1 added, 0 updated, 0 unchanged.').waitFor();
    // The rule took the only new row: Unassigned is empty and no next step is shown.
    await page.waitForLoadState('networkidle');
    expect(await next.getByTestId('unassigned-next-step').count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await registerRow(page, 'VALLEY BAKERY 2').waitFor();
    expect(await registerRow(page, 'VALLEY BAKERY 2').textContent()).toContain('Groceries');
    expect(await registerRow(page, 'VALLEY BAKERY').first().textContent()).toContain('Groceries');
    await context.close();
  });
});
