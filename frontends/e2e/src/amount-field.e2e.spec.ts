import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution, pickCategory, registerRow } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * What this shows in the browser (docs/architecture.md §9 "Amount fields"): an amount that cannot
 * be read (or is beyond the product's largest balance) is never saved as 0.00. The field says why,
 * keeps what was typed, and Save stays disabled; "(45.00)" is read as −45.00; a 0.00 transaction is
 * asked about before it is saved.
 */
let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

let username = '';
// The file's own user's: the stack is shared with the other files (stack.ts, `withStack`).
const storedAmounts = async (name: string) =>
  (await stack.db.pool.query<{ amount: number }>(
    `SELECT (data->'account'->>'amount')::int AS amount FROM es_events WHERE type = 'TransactionRecorded' AND data->'account'->>'name' = $1 AND user_id = (SELECT id::text FROM identity_users WHERE username = $2)`,
    [name, username],
  )).rows.map((r) => r.amount);

describe('the transaction dialog amount field', () => {
  it('refuses what it cannot read with a message, keeps the text and blocks Save; reads (45.00) as -45.00; asks before 0.00', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    ({ username } = await signUp(page, stack));
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Typing Bank', account: 'Checking', balance: '100', startDate: isoDaysAgo(10) });

    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill(isoDaysAgo(2));
    await dialog.getByLabel('Name').fill('Typed Amount');
    await pickCategory(dialog, 1, 'groc');
    const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true });
    const save = dialog.getByRole('button', { name: 'Save' });

    const refused: [string, string][] = [
      ['12abc', 'Enter an amount such as 1,234.56 or an equation such as 12+3.'],
      ['1e5', 'Write the amount out in full (no exponent such as 1e5).'],
      ['12.3.4', 'A number has more than one decimal point'],
      ['99999999999999', 'The amount must be between -100,000,000,000.00 and 100,000,000,000.00.'],
      ['1,234.567', 'An amount has at most two decimals.'],
    ];
    for (const [typed, message] of refused) {
      await amount.fill(typed);
      expect(await save.isDisabled(), typed).toBe(true);
      // Leaving the field shows why; what was typed stays.
      await dialog.getByLabel('Name').click();
      expect(await dialog.getByText(message, { exact: true }).isVisible(), typed).toBe(true);
      expect(await amount.inputValue()).toBe(typed);
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      // Enter in the field does not save either.
      await amount.press('Enter');
      expect(await dialog.isVisible()).toBe(true);
    }
    expect(await storedAmounts('Typed Amount')).toEqual([]);

    await amount.fill('(45.00)');
    await dialog.getByLabel('Name').click();
    expect(await amount.inputValue()).toBe('-45.00');
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await registerRow(page, 'Typed Amount').waitFor();
    expect(await storedAmounts('Typed Amount')).toEqual([-4500]);

    // 0.00 is asked about; Cancel keeps the dialog, confirming saves it.
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    await dialog.getByLabel('Date').fill(isoDaysAgo(1));
    await dialog.getByLabel('Name').fill('Zero Amount');
    await pickCategory(dialog, 1, 'groc');
    await save.click();
    const confirm = page.getByTestId('confirm-dialog').filter({ hasText: 'Save a 0.00 Transaction' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await storedAmounts('Zero Amount')).toEqual([]);
    await save.click();
    await confirm.getByRole('button', { name: 'Save 0.00' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await storedAmounts('Zero Amount')).toEqual([0]);
    await context.close();
  }, 180_000);
});
