import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { audit, expectNoFailing } from './axe-audit.js';
import { apiPost } from './budget-steps.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { pickCategory, registerRow, typeInto } from './ledger-steps.js';
import { networkQuiet } from './network-quiet.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * Categorise fast (docs/architecture.md §4.4, §4.5, §9), at 1280 and 390 px: an outflow typed as
 * "=12*3" is saved as −36.00 — the exact body the spec's client posts, signed amount on the wire;
 * typing a payee offers it from the user's history and fills its last category; the second time in
 * a row the same category is given, "Make a rule?" is offered, and a No is remembered; an
 * amount-range rule is made in the rule editor. axe finds nothing in the dialogs changed.
 */
let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

const categoryId = async (username: string, name: string) =>
  (
    await stack.db.pool.query<{ id: string }>(
      `SELECT c.id FROM budget_categories c JOIN identity_users u ON u.id::text = c.user_id WHERE u.username = $1 AND c.name = $2`,
      [username, name],
    )
  ).rows[0]!.id;

/** Opens Add Transaction on the account's page: a toolbar button on a desktop, the Actions… menu on a phone. */
async function openAddTransaction(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByRole('button', { name: 'Actions…' }).click();
    await page.getByRole('menuitem', { name: 'Add Transaction' }).click();
  } else {
    await page.getByRole('button', { name: 'Add Transaction' }).click();
  }
  const dialog = page.getByTestId('transaction-dialog');
  await dialog.waitFor();
  return dialog;
}

describe.each(VIEWPORTS)('categorise fast ($name)', ({ name, options }) => {
  const phone = name === 'phone';
  it('outflow "=12*3" saves −36.00 with the exact body; the payee auto-completes and fills its category; "Make a rule?" and its No; an amount-range rule', async () => {
    // bypassCSP: axe is injected as a script, which the app's Content-Security-Policy would refuse.
    const context = await browser.newContext({ ...options, bypassCSP: true });
    const page = await context.newPage();
    const { username } = await signUp(page, stack);
    const opened = await apiPost(page, stack.url, '/api/v1/institution', {
      institution: { name: 'Fast Bank' },
      accounts: [{ name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
      startDate: isoDaysAgo(30),
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const accountId = (opened.body as { data: { accounts: { id: string }[] } }).data.accounts[0]!.id;
    const dining = await categoryId(username, 'Dining Out');
    await page.goto(`${stack.url}/accounts/${accountId}`);

    // 1. An outflow typed as an equation, without a minus sign.
    let dialog = await openAddTransaction(page, phone);
    expect(await dialog.getByRole('button', { name: 'Outflow' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByLabel('Date').fill(isoDaysAgo(3));
    await dialog.getByLabel('Name').fill('Corner Cafe');
    const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true });
    await typeInto(amount, '=12*3');
    await page.getByTestId('equation-popover').getByText('= 36.00').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => amount.inputValue()).toBe('-36.00');
    await pickCategory(dialog, 1, 'dining');
    expectNoFailing(await audit(page, `${name}: transaction dialog with outflow and inflow`));
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/v1/account/${accountId}/transactions`));
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The spec's client's body: the signed amount, each split signed like it (product-spec §5).
    expect((await posted).postDataJSON()).toEqual({ date: isoDaysAgo(3), name: 'Corner Cafe', amount: -36, comment: '', categories: [{ categoryId: dining, amount: -36 }] });
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await registerRow(page, 'Corner Cafe').waitFor();
    const stored = await stack.db.pool.query<{ amount: number }>(`SELECT (data->'account'->>'amount')::int AS amount FROM es_events WHERE type = 'TransactionRecorded' AND data->'account'->>'name' = 'Corner Cafe' AND data->'account'->>'accountId' = $1`, [accountId]);
    expect(stored.rows).toEqual([{ amount: -3600 }]);

    // 2. The payee from the history: typed in part, chosen from the list, its last category filled.
    dialog = await openAddTransaction(page, phone);
    await dialog.getByLabel('Date').fill(isoDaysAgo(2));
    await typeInto(dialog.getByRole('combobox', { name: 'Name' }), 'corn');
    const option = page.getByRole('option', { name: 'Corner Cafe' });
    await option.waitFor({ timeout: 20_000 });
    expectNoFailing(await audit(page, `${name}: payee list open`));
    await option.click();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Name' }).inputValue()).toBe('Corner Cafe');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Category 1' }).getAttribute('placeholder')).toContain('Dining Out');
    await typeInto(amount, '4.5');
    await dialog.getByLabel('Comment').click();
    await expect.poll(() => amount.inputValue()).toBe('-4.50');
    await dialog.getByRole('button', { name: 'Save' }).click();

    // 3. The second time in a row in Dining Out: "Make a rule?" — declined, and not offered again.
    const offer = page.getByTestId('make-rule-offer');
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toContain('"Corner Cafe" went to Food:Dining Out again');
    expectNoFailing(await audit(page, `${name}: make a rule offer`));
    await offer.getByRole('button', { name: 'No, Thanks' }).click();
    await offer.waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    dialog = await openAddTransaction(page, phone);
    await dialog.getByLabel('Date').fill(isoDaysAgo(1));
    await typeInto(dialog.getByRole('combobox', { name: 'Name' }), 'Corner Ca');
    await page.getByRole('option', { name: 'Corner Cafe' }).click();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Category 1' }).getAttribute('placeholder')).toContain('Dining Out');
    await typeInto(amount, '5');
    await dialog.getByLabel('Comment').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await offer.count()).toBe(0);
    const payees = await stack.db.pool.query<{ uses: number; last_category_times: number }>(`SELECT uses, last_category_times FROM ledger_payees WHERE name_key = 'corner cafe' AND user_id = (SELECT id::text FROM identity_users WHERE username = $1)`, [username]);
    expect(payees.rows).toEqual([{ uses: 3, last_category_times: 3 }]);

    // 4. An amount-range rule, with no search string, in the rule editor.
    await page.goto(`${stack.url}/auto-assignments`);
    await page.getByRole('button', { name: 'Add Auto Assignment' }).click();
    const rule = page.getByTestId('rule-dialog');
    await rule.getByLabel('Name', { exact: true }).fill('Mid-size purchases');
    await rule.getByLabel('Amount condition').selectOption('range');
    await rule.getByRole('textbox', { name: 'Lowest amount' }).fill('-50');
    await rule.getByRole('textbox', { name: 'Highest amount' }).fill('-20');
    await rule.getByLabel('Checking').check();
    await networkQuiet(page);
    expectNoFailing(await audit(page, `${name}: rule dialog with conditions`));
    await rule.getByRole('button', { name: 'Save' }).click();
    await rule.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('amount -50.00 to -20.00, 1 account').waitFor();
    const added = await stack.db.pool.query<{ data: Record<string, unknown> }>(`SELECT data FROM es_events WHERE type = 'AutoAssignmentAdded' AND data->>'name' = 'Mid-size purchases' AND user_id = (SELECT id::text FROM identity_users WHERE username = $1)`, [username]);
    expect(added.rows[0]!.data).toMatchObject({ searchStrings: [], amountMin: -5000, amountMax: -2000, accountIds: [accountId] });
    await context.close();
  }, 240_000);
});
