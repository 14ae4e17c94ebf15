import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { AccountType } from 'plaid';
import { waitForMailTo } from '@budget/platform';
import type { RunningPlaidSimulator } from '@budget/plaid-simulator';
import { accountsAction, audit, auditDialog, expectNoFailing, homeAdd, type Finding } from './axe-audit.js';
import { addCategory, addFromMenu, apiPost, expectListAmount, firstOfLastMonth, GROUP, listEntry, saveDialog, typeAmount } from './budget-steps.js';
import { apiCategories, apiGet, apiPatch, apiRequest } from './ledger-api.js';
import { csvFile, isoDaysAgo, ofxFile } from './ledger-fixtures.js';
import { chooseFile } from './ledger-steps.js';
import { withPlaidStack } from './plaid-stack.js';
import { signUp } from './sign-up.js';
import type { Stack } from './stack.js';

/**
 * axe-core over the pages and dialogs a11y.e2e.spec.ts leaves out (docs/architecture.md §9): the
 * signed-out pages, Plaid Logs (admin), the account, budget, rule, import, balance, institution
 * and linked-bank dialogs with their later steps and confirmations, and the menus — each opened as
 * a user opens it, at 1280px and 390px. Same rules and bar as a11y.e2e.spec.ts (axe-audit.ts).
 */

let sim: RunningPlaidSimulator;
let stack: Stack;
let browser: Browser;
withPlaidStack((started) => ({ sim, stack, browser } = started));

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const BANK = 'First Platypus Bank';
const OFFLINE = 'Axe Bank';

interface Setup {
  email: string;
  linkedAccountId: string;
  checkingId: string;
  balancesId: string;
}

async function go(page: Page, path: string, ready?: Locator): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page.locator('h1').first().waitFor({ state: 'attached', timeout: 15_000 });
  if (ready) await ready.first().waitFor({ timeout: 15_000 });
}

/** A named dialog (the ones without a test id: Rename Account, the confirmations). */
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** The signed-out pages and each step of sign-up and recovery, in a context without a session. */
async function auditSignedOut(email: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  const context = await browser.newContext({ viewport: WIDTHS[0] });
  const page = await context.newPage();
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    const at = (what: string) => `${what} @${width} (signed out)`;
    for (const path of ['/', '/signin', '/signup', '/recover-password', '/terms', '/privacy', '/no-such-page']) {
      await go(page, path);
      findings.push(...(await audit(page, at(path))));
    }
    // Sign-in refused: the form's error.
    await go(page, '/signin');
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password', { exact: true }).fill('Wrong123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    findings.push(...(await audit(page, at('/signin refused'))));
    // Sign-up's code step (a new name each width; the code is never entered).
    await go(page, '/signup');
    const username = `axe${Date.now().toString(36)}${width}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm Password').fill('Secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByLabel('Code', { exact: true }).waitFor();
    findings.push(...(await audit(page, at('/signup code step'))));
  }
  // Recovery: the code step and the new-password step, at both widths.
  await page.setViewportSize(WIDTHS[0]);
  await go(page, '/recover-password');
  const since = new Date();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Code', { exact: true }).waitFor();
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    findings.push(...(await audit(page, `/recover-password code step @${width} (signed out)`)));
  }
  const mail = await waitForMailTo(stack.outbox, email, { since, timeoutMs: 20_000 });
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text)?.[0];
  expect(code, 'the recovery mail carries a code').toBeTruthy();
  await page.getByLabel('Code', { exact: true }).fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Confirm Password').waitFor();
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    findings.push(...(await audit(page, `/recover-password new password step @${width} (signed out)`)));
  }
  await context.close();
  return findings;
}

/** The API as the signed-in page's user. */
const api = <T,>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> =>
  apiRequest<T>(page, stack.url, method, path, body);

/**
 * The signed-in user's world: admin, a linked bank with a possible duplicate, an offline bank
 * with a budgeted checking account (a "Coffee" row) and a balances-only account, a group with a
 * funded category and a category transfer, a saved rule and a pending e-mail change.
 */
async function prepare(page: Page, username: string, email: string): Promise<Setup> {
  await stack.db.pool.query(`UPDATE identity_users SET roles = '["ADMIN"]'::jsonb WHERE username = $1`, [username]);

  // The simulated bank, linked through the API (its Link dialog is audited below).
  const token = await fetch(`${sim.url}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'e2e', secret: 'e2e', institution_id: 'ins_109508', initial_products: ['transactions'] }),
  });
  const { public_token: publicToken } = (await token.json()) as { public_token: string };
  const linked = await api<{ data: { id: string } }>(page, 'POST', 'institution', { publicToken, institutionId: 'ins_109508', startDate: isoDaysAgo(20) });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  const institutionId = linked.body.data.id;
  await expect
    .poll(async () => (await stack.db.pool.query('SELECT item_id FROM bank_items WHERE institution_id = $1 AND cursor IS NOT NULL', [institutionId])).rows.length, { timeout: 30_000, interval: 250 })
    .toBe(1);
  const itemId = (await stack.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!.item_id;
  const plaidAccountId = sim.simulator.itemById(itemId)!.accounts.find((a) => a.template.type === AccountType.Depository)!.account_id;
  const linkedAccountId = (await stack.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;
  // Two typed rows of one amount, then the bank's own: it could be either, so it is flagged as a
  // possible duplicate instead of claiming one (as duplicates.e2e.spec.ts).
  for (const name of ['Corner shop, by hand', 'Corner shop, again']) {
    expect((await api(page, 'POST', `account/${linkedAccountId}/transactions`, { date: isoDaysAgo(1), name, amount: -42.17, categories: [] })).status).toBe(201);
  }
  const today = new Date().toISOString().slice(0, 10);
  sim.simulator.addCustom(sim.simulator.itemById(itemId)!, [{ date_transacted: today, date_posted: today, amount: 42.17, description: 'CORNER SHOP 0042' }]);
  const marked = async () => {
    await api(page, 'POST', `institution/${institutionId}`);
    const rows = await api<{ data: { transactions: { duplicateOfTransactionId: string | null }[] } }>(page, 'GET', `account/${linkedAccountId}/transactions?offset=0&limit=50`);
    return rows.body.data.transactions.some((r) => r.duplicateOfTransactionId !== null);
  };
  await expect.poll(marked, { timeout: 30_000, interval: 500 }).toBe(true);

  // The offline bank: a budgeted checking account with a Coffee row and a balances-only account.
  const offline = await apiPost(page, stack.url, '/api/v1/institution', {
    institution: { name: OFFLINE },
    accounts: [
      { name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
      { name: 'Brokerage', balance: 900, type: 'investment', subtype: 'brokerage', tracking: 'Balances' },
    ],
    startDate: firstOfLastMonth(),
  });
  expect(offline.status, JSON.stringify(offline.body)).toBeLessThan(300);
  const connected = await apiGet<{ data: { name: string; accounts: { id: string; name: string }[] }[] }>(page, stack.url, '/api/v1/connected-accounts');
  const accountOf = (name: string) => connected.data.find((i) => i.name === OFFLINE)!.accounts.find((a) => a.name === name)!.id;
  const checkingId = accountOf('Checking');
  const balancesId = accountOf('Brokerage');
  const groceries = (await apiCategories(page, stack.url)).find((c) => c.name === 'Groceries')!.id;
  const coffee = await api(page, 'POST', `account/${checkingId}/transactions`, { date: isoDaysAgo(2), name: 'Coffee', amount: -4.5, categories: [{ categoryId: groceries, amount: -4.5 }] });
  expect(coffee.status, JSON.stringify(coffee.body)).toBe(201);

  // The budget: a group, a category funded once, a category transfer.
  await go(page, '/home');
  await listEntry(page, 'Funding Pool').waitFor();
  await addFromMenu(page, 'Group');
  const group = page.getByTestId('group-dialog');
  await group.getByLabel('Name').fill(GROUP);
  await saveDialog(group);
  await addCategory(page, 'Vacation');
  await page.getByRole('button', { name: 'Fund', exact: true }).click();
  const funding = page.getByTestId('funding-dialog');
  await typeAmount(funding.getByLabel(`Amount for ${GROUP}:Vacation`), '200');
  await saveDialog(funding);
  await expectListAmount(page, 'Vacation', '200.00');
  await page.getByTestId('category-transfers').click();
  await page.waitForURL('**/home/rebalances');
  await page.getByRole('button', { name: 'New Transfer' }).click();
  const transfer = page.getByTestId('transfer-dialog');
  await typeAmount(transfer.getByLabel('From amount 1'), '10');
  await transfer.getByRole('combobox', { name: 'To category 1' }).fill('vacation');
  await transfer.getByRole('combobox', { name: 'To category 1' }).press('Enter');
  await typeAmount(transfer.getByLabel('To amount 1'), '10');
  await saveDialog(transfer);
  await page.getByTestId('rebalances-register').getByTestId('register-row').first().waitFor();

  // A saved rule (it assigns to Unassigned: no category rows).
  expect((await apiPost(page, stack.url, '/api/v1/auto-assignments', { name: 'Corner', searchStrings: ['corner'] })).status).toBe(201);

  // A pending e-mail change on /user.
  await go(page, '/user');
  const change = page.getByRole('form', { name: 'Change email' });
  await change.getByRole('textbox', { name: 'Email' }).fill(`new.${email}`);
  await change.getByRole('button', { name: 'Change' }).click();
  await page.getByTestId('pending-email').waitFor();
  return { email, linkedAccountId, checkingId, balancesId };
}

/** Opens the institution menu on a bank's heading and chooses an entry. */
async function institutionAction(page: Page, institution: string, entry: string): Promise<void> {
  await page.getByRole('button', { name: `${institution} actions` }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function auditWidth(page: Page, width: number, setup: Setup): Promise<Finding[]> {
  const phone = width < 600;
  const at = (what: string) => `${what} @${width}`;
  const findings: Finding[] = [];
  const add = (found: Finding[]) => findings.push(...found);
  const confirm = (name: string) => dialogNamed(page, name);
  const transaction = page.getByTestId('transaction-dialog');
  const cancel = () => transaction.getByRole('button', { name: 'Cancel' }).click();

  // Pages.
  await go(page, '/admin', page.getByLabel('Provider logs', { exact: true }).getByText('/accounts/get'));
  add(await audit(page, at('/admin (Plaid Logs)')));
  await go(page, '/user', page.getByTestId('pending-email'));
  add(await audit(page, at('/user with a pending e-mail')));
  add(await auditDialog(page, at('delete user account'), dialogNamed(page, 'Delete Account'), () => page.getByRole('button', { name: 'Delete Account' }).click()));
  await go(page, '/user/verify-email', page.getByTestId('verify-email-failed'));
  add(await audit(page, at('/user/verify-email without a token')));
  await go(page, '/home/rebalances', page.getByTestId('rebalances-register').getByTestId('register-row'));
  add(await audit(page, at('/home/rebalances')));
  await go(page, `/accounts/${setup.linkedAccountId}`, page.getByRole('button', { name: 'Possible duplicate: CORNER SHOP 0042' }));
  add(await audit(page, at('linked account register')));
  await go(page, `/accounts/${setup.balancesId}`, page.getByTestId('balance-history'));
  add(await audit(page, at('balances-only account')));
  await go(page, `/accounts/${setup.checkingId}`, page.getByTestId('register-row'));
  for (const tab of ['Pending', 'Balances', 'Statements']) {
    await page.getByRole('tablist', { name: 'Account views' }).getByRole('tab', { name: tab }).click();
    add(await audit(page, at(`account ${tab} tab`)));
  }

  // Menus.
  await go(page, '/home', listEntry(page, 'Vacation'));
  // Each menu is closed (Escape) before the next opens.
  const closeMenu = async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  };
  if (phone) add(await auditDialog(page, at('More menu'), page.getByRole('menu'), () => page.getByRole('button', { name: 'More' }).click(), closeMenu));
  else add(await auditDialog(page, at('user menu'), page.getByRole('menu'), () => page.getByTestId('user-menu').getByRole('button').click(), closeMenu));
  add(await auditDialog(page, at('Add… menu'), page.getByRole('menu'), () => page.getByTestId('add-menu').getByRole('button', { name: 'Add…' }).click()));

  // Budget dialogs.
  const fundingTable = page.getByTestId('funding-dialog').getByRole('table');
  add(await auditDialog(page, at('fund categories'), fundingTable, () => page.getByRole('button', { name: 'Fund', exact: true }).click()));
  add(await auditDialog(page, at('rebalance'), page.getByTestId('rebalance-dialog').getByRole('table'), () => page.getByRole('button', { name: 'Rebalance' }).click()));
  add(await auditDialog(page, at('add bill'), 'category-dialog', () => homeAdd(page, 'Bill')));
  add(await auditDialog(page, at('add goal'), 'category-dialog', () => homeAdd(page, 'Goal')));
  const list = page.getByTestId('category-list');
  add(await auditDialog(page, at('edit group'), 'group-dialog', () => list.getByRole('button', { name: `Edit group ${GROUP}` }).click(), async () => {
    add(await auditDialog(page, at('delete group'), confirm('Delete Group'), () => page.getByTestId('group-dialog').getByRole('button', { name: 'Delete' }).click()));
    await page.keyboard.press('Escape');
  }));
  add(await auditDialog(page, at('edit category'), 'category-dialog', () => list.getByRole('button', { name: 'Edit Vacation' }).click(), async () => {
    add(await auditDialog(page, at('delete category'), confirm('Delete Category'), () => page.getByTestId('category-dialog').getByRole('button', { name: 'Delete' }).click()));
    await page.keyboard.press('Escape');
  }));
  await listEntry(page, 'Vacation').click();
  const fundingRow = page.getByTestId('register-row').filter({ hasText: 'Category Funding' }).first();
  await fundingRow.waitFor();
  add(await auditDialog(page, at('edit funding'), fundingTable, () => fundingRow.click(), async () => {
    add(await auditDialog(page, at('delete funding'), confirm('Delete Funding'), () => page.getByTestId('funding-dialog').getByRole('button', { name: 'Delete' }).click()));
    await page.keyboard.press('Escape');
  }));
  await go(page, '/home/rebalances', page.getByTestId('rebalances-register').getByTestId('register-row'));
  add(await auditDialog(page, at('new transfer'), 'transfer-dialog', () => page.getByRole('button', { name: 'New Transfer' }).click()));
  // A stored rebalance opens as the category transfer it is (From and To).
  const stored = page.getByTestId('transfer-dialog');
  add(await auditDialog(page, at('edit category transfer'), stored, () => page.getByTestId('rebalances-register').getByTestId('register-row').first().click(), async () => {
    add(await auditDialog(page, at('delete category transfer'), page.getByTestId('confirm-dialog'), () => stored.getByRole('button', { name: 'Delete' }).click()));
    await page.keyboard.press('Escape');
  }));

  // Rules: a saved rule, its preview and its delete confirmation.
  await go(page, '/auto-assignments', page.getByLabel('Auto assignments', { exact: true }));
  const rule = page.getByTestId('rule-dialog');
  add(await auditDialog(page, at('edit rule'), rule, () => page.getByRole('button', { name: 'Edit Corner' }).click(), async () => {
    await rule.getByRole('button', { name: 'Preview' }).click();
    await rule.getByTestId('rule-preview').waitFor();
    add(await audit(page, at('rule preview')));
    add(await auditDialog(page, at('delete rule'), page.getByTestId('confirm-dialog'), () => rule.getByRole('button', { name: 'Delete' }).click()));
    await page.keyboard.press('Escape');
  }));

  // Institutions: the linked bank's menu and its dialogs, the Link dialog, the offline bank's Add Account.
  await go(page, '/accounts', page.getByRole('button', { name: `${BANK} actions` }));
  add(await auditDialog(page, at('institution menu'), page.getByRole('menu'), () => page.getByRole('button', { name: `${BANK} actions` }).click()));
  add(await auditDialog(page, at('institution info'), 'institution-info-dialog', () => institutionAction(page, BANK, 'Institution Info')));
  add(await auditDialog(page, at('rename institution'), 'rename-institution-dialog', () => institutionAction(page, BANK, 'Rename')));
  add(await auditDialog(page, at('delete institution'), confirm('Delete Institution'), () => institutionAction(page, BANK, 'Delete Institution')));
  add(await auditDialog(page, at('add account'), 'add-account-dialog', () => institutionAction(page, OFFLINE, 'Add Account')));
  if (phone) add(await auditDialog(page, at('Actions… menu'), page.getByRole('menu'), () => page.getByTestId('account-actions').getByRole('button', { name: 'Actions…' }).click()));
  const link = page.getByTestId('simulated-link-dialog');
  add(await auditDialog(page, at('add online institution'), link.getByLabel('Bank'), () => accountsAction(page, 'Add Online Institution', phone)));
  // The bank asks for a new login on the next sync: the prompt, then Link in update mode.
  const fault = await fetch(`${sim.url}/simulator/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ endpoint: '/transactions/sync', error_code: 'ITEM_LOGIN_REQUIRED' }) });
  expect(fault.status).toBe(201);
  await accountsAction(page, 'Sync Accounts', phone);
  const prompt = page.getByTestId('relink-prompt');
  add(await auditDialog(page, at('relink prompt'), prompt, async () => undefined, () => prompt.getByRole('button', { name: 'Yes' }).click()));
  add(await auditDialog(page, at('relink'), link.getByText(`Sign in to ${BANK} again.`), async () => undefined, () => link.getByRole('button', { name: 'Continue' }).click()));
  await expect.poll(() => page.getByTestId('sync-status').first().textContent(), { timeout: 30_000 }).toMatch(/transactions?\.$/);
  add(await audit(page, at('accounts after a sync')));

  // The linked account: the possible duplicate and another bank row (its fields read-only).
  await go(page, `/accounts/${setup.linkedAccountId}`, page.getByRole('button', { name: 'Possible duplicate: CORNER SHOP 0042' }));
  const duplicate = page.getByTestId('duplicate-dialog');
  add(await auditDialog(page, at('possible duplicate'), duplicate.getByRole('region', { name: 'Already in the account' }), () => page.getByRole('button', { name: 'Possible duplicate: CORNER SHOP 0042' }).click(), () => duplicate.getByRole('button', { name: 'Cancel' }).click()));
  add(await auditDialog(page, at('edit bank transaction'), 'transaction-dialog', () => page.getByTestId('register-row').filter({ hasNotText: /corner/i }).first().click(), cancel));

  // The offline checking account: its header's dialogs, the transaction dialog's states, the imports.
  await go(page, `/accounts/${setup.checkingId}`, page.getByTestId('register-row').filter({ hasText: 'Coffee' }));
  add(await auditDialog(page, at('rename account'), dialogNamed(page, 'Rename Account'), () => page.getByRole('button', { name: 'Rename', exact: true }).click()));
  add(await auditDialog(page, at('account settings'), 'account-settings-dialog', () => page.getByRole('button', { name: 'Account Settings' }).click()));
  add(await auditDialog(page, at('delete account'), confirm('Delete Account'), () => page.getByRole('button', { name: 'Delete Account' }).click()));
  add(await auditDialog(page, at('split transaction'), transaction.getByRole('combobox', { name: 'Category 2' }), async () => {
    await accountsAction(page, 'Add Transaction', phone);
    await transaction.getByRole('textbox', { name: 'Amount', exact: true }).fill('-30');
    await transaction.getByRole('button', { name: '+ Add Category' }).click();
  }, cancel));
  add(await auditDialog(page, at('transfer to another account'), transaction.getByTestId('transfer-note'), async () => {
    await accountsAction(page, 'Add Transaction', phone);
    await transaction.getByLabel('Transfer to/from account').selectOption({ label: 'Plaid Checking' });
  }, cancel));
  add(await auditDialog(page, at('save a 0.00 transaction'), confirm('Save a 0.00 Transaction'), async () => {
    await accountsAction(page, 'Add Transaction', phone);
    // A transfer's category is set by itself (Account Transfer): no category to pick.
    await transaction.getByLabel('Transfer to/from account').selectOption({ label: 'Plaid Checking' });
    await transaction.getByRole('button', { name: 'Save' }).click();
  }, async () => {
    await page.keyboard.press('Escape');
    await cancel();
  }));
  await transaction.waitFor({ state: 'detached' });
  const coffee = page.getByTestId('register-row').filter({ hasText: 'Coffee' }).getByText('Coffee');
  add(await auditDialog(page, at('delete transaction'), confirm('Delete Transaction'), async () => {
    await coffee.click();
    await transaction.getByRole('button', { name: 'Delete' }).click();
  }, async () => {
    await page.keyboard.press('Escape');
    await cancel();
  }));
  await transaction.waitFor({ state: 'detached' });
  add(await auditDialog(page, at('changed transaction'), 'changed-transaction', async () => {
    await coffee.click();
    await transaction.getByLabel('Comment').fill(`seen at ${width}`);
    // Another session changes it first (a new comment each width: the version moves on).
    const rows = await apiGet<{ data: { transactions: { id: string; version: number; accountTransaction: { name: string } }[] } }>(page, stack.url, `/api/v1/account/${setup.checkingId}/transactions?offset=0&limit=30`);
    const stored = rows.data.transactions.find((t) => t.accountTransaction.name === 'Coffee')!;
    expect(await apiPatch(page, stack.url, `/api/v1/transaction/${stored.id}`, { version: stored.version, comment: `changed elsewhere at ${width}` })).toBe(200);
    await transaction.getByRole('button', { name: 'Save' }).click();
  }, () => page.getByTestId('changed-transaction').getByRole('button', { name: 'OK' }).click()));
  const csv = page.getByTestId('csv-dialog');
  add(await auditDialog(page, at('import csv: file'), csv, () => accountsAction(page, 'Import CSV', phone), async () => {
    await chooseFile(page, 'CSV file', 'bank.csv', csvFile([{ id: 'c1', date: isoDaysAgo(3), name: 'BAKERY', amount: '-4.75' }]), 'text/csv');
    await csv.getByRole('button', { name: 'Next' }).click();
    await csv.getByTestId('csv-mapping').waitFor();
    add(await audit(page, at('import csv: mapping')));
    await csv.getByRole('button', { name: /^Import 1 Row/ }).click();
    await page.getByTestId('import-summary').waitFor();
    add(await audit(page, at('import csv: result')));
    await csv.getByRole('button', { name: 'Done' }).click();
  }));
  const ofx = page.getByTestId('ofx-dialog');
  add(await auditDialog(page, at('import ofx: result'), page.getByTestId('import-summary'), async () => {
    await accountsAction(page, 'Import OFX', phone);
    await chooseFile(page, 'OFX or QFX file', 'bank.ofx', ofxFile([{ id: 'o1', date: isoDaysAgo(3), name: 'GROCER', amount: '-12.00' }], '988.00'), 'application/x-ofx');
    await ofx.getByRole('button', { name: 'Import' }).click();
  }, () => ofx.getByRole('button', { name: 'Done' }).click()));

  // The balances-only account: Add Balance, a balance's Edit and Delete.
  await go(page, `/accounts/${setup.balancesId}`, page.getByLabel('Balances', { exact: true }).getByRole('button', { name: 'Edit' }));
  add(await auditDialog(page, at('add balance'), 'balance-dialog', () => accountsAction(page, 'Add Balance', phone)));
  const balances = page.getByLabel('Balances', { exact: true });
  add(await auditDialog(page, at('edit balance'), 'balance-dialog', () => balances.getByRole('button', { name: 'Edit' }).first().click()));
  add(await auditDialog(page, at('delete balance'), confirm('Delete Balance'), () => balances.getByRole('button', { name: 'Delete' }).first().click()));
  return findings;
}

describe('axe-core on the signed-out pages, Plaid Logs and every other dialog and menu', () => {
  it('finds no critical, serious or moderate violation at 1280px and 390px', async () => {
    const context = await browser.newContext({ viewport: WIDTHS[0] });
    const page = await context.newPage();
    const { username, email } = await signUp(page, stack);
    const setup = await prepare(page, username, email);
    const findings = await auditSignedOut(email);
    for (const { width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      findings.push(...(await auditWidth(page, width, setup)));
    }
    await context.close();
    expectNoFailing(findings);
  }, 600_000);
});
