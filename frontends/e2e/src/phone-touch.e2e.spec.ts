import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AccountType } from 'plaid';
import type { RunningPlaidSimulator } from '@budget/plaid-simulator';
import { apiOk } from './ledger-api.js';
import { audit, expectNoFailing } from './axe-audit.js';
import { withPlaidStack } from './plaid-stack.js';
import { syncAccounts } from './plaid-steps.js';
import { signUp } from './sign-up.js';
import type { Stack } from './stack.js';

/**
 * Phone and touch polish (docs/architecture.md §9 "Phone and touch"): at 390 px every account tab
 * reads whole, the register has the screen (ten rows or more at 390×844), bills are cards with every
 * field and their funding; a row marked "Duplicate?" opens the duplicate dialog, which says which
 * copy is kept; a bank that needs relinking is marked on its own card with a Relink button. axe
 * finds nothing at either width.
 */
let sim: RunningPlaidSimulator;
let stack: Stack;
let browser: Browser;
withPlaidStack((started) => ({ sim, stack, browser } = started));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = <T = unknown>(page: Page, method: string, path: string, body?: unknown) => apiOk<T>(page, stack.url, method, path, body);

/** How many register rows are wholly on the screen: inside the register's scroller and above the bottom bar. */
async function rowsInView(page: Page): Promise<number> {
  return page.locator('.ui-list-detail__detail .ui-register__scroller').first().evaluate((scroller) => {
    const doc = scroller.ownerDocument;
    const view = scroller.getBoundingClientRect();
    const bar = doc.querySelector('[data-testid="bottom-bar"]')?.getBoundingClientRect().top ?? doc.defaultView!.innerHeight;
    const bottom = Math.min(view.bottom, bar, doc.defaultView!.innerHeight);
    return [...scroller.querySelectorAll('[data-testid="register-row"]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= view.top - 0.5 && box.bottom <= bottom + 0.5;
    }).length;
  });
}

describe('phone and touch polish', () => {
  it('at 390×844: account tabs read whole; the header folds (Details, or scrolling the register) to show ten rows; bills as cards with their funding (and a Funded column at 1280)', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signUp(page, stack);
    const opened = await api<{ data: { accounts: { id: string }[] } }>(page, 'POST', 'institution', {
      institution: { name: 'Town Bank' },
      accounts: [{ name: 'Everyday Checking', balance: 2000, tracking: 'Transactions' }],
      startDate: day(-60),
    });
    const accountId = opened.data.accounts[0]!.id;
    const group = (await api<{ data: { id: string } }>(page, 'POST', 'groups', { name: 'Home', parentGroupId: null })).data.id;
    const bill = (
      await api<{ data: { id: string } }>(page, 'POST', `groups/${group}/categories`, {
        name: 'Water and Sewer Utility', type: 'BILL', fundingAmount: 100, useGoal: true, goalDate: day(20), recurrence: 3, fundingCategories: [],
      })
    ).data.id;
    // 40.00 of the bill's 100.00 is in its category.
    await api(page, 'POST', `account/${accountId}/transactions`, { date: day(-30), name: 'Set aside for water', amount: 40, categories: [{ categoryId: bill, amount: 40 }] });
    for (let i = 1; i <= 14; i += 1) {
      await api(page, 'POST', `account/${accountId}/transactions`, { date: day(-i), name: `Purchase number ${i} at the corner shop`, amount: -(i + 0.25), categories: [] });
    }

    // The account's details: every tab label whole and on the screen.
    await page.goto(`${stack.url}/accounts/${accountId}`);
    const detail = page.locator('.ui-list-detail__detail');
    const tabs = detail.getByRole('tab');
    await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBe(4);
    await detail.getByTestId('register-row').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(400); // the pane's slide
    const everyTabFits = async (strip: string) => {
      for (const name of ['Transactions', 'Pending', 'Balances', 'Statements']) {
        const tab = detail.getByRole('tab', { name });
        const fits = await tab.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return { whole: el.scrollWidth <= el.clientWidth + 0.5, left: box.left, right: box.right, text: el.textContent };
        });
        expect(fits, `${name}, ${strip}`).toEqual({ whole: true, left: fits.left, right: fits.right, text: name });
        expect(fits.left, `${name}, ${strip}`).toBeGreaterThanOrEqual(0);
        expect(fits.right, `${name}, ${strip}`).toBeLessThanOrEqual(390);
      }
    };
    await everyTabFits('the plain strip');
    // Once a tab is touched the strip is Radix's (its parts load then): the phone's rules still hold for it.
    await detail.getByRole('tab', { name: 'Transactions' }).focus();
    await detail.locator('[role="tab"][data-state="active"]').waitFor();
    await everyTabFits("Radix's strip");

    // Unfolded at first: the actions and the register's bar (Find by name) in view.
    const toggle = detail.getByTestId('account-details-toggle');
    const scroller = detail.locator('.ui-register__scroller').first();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await detail.getByLabel('Find by name').waitFor({ state: 'visible' });
    await detail.getByRole('button', { name: 'Rename' }).waitFor({ state: 'visible' });
    expectNoFailing(await audit(page, 'account register unfolded at 390'));

    // Details folds the header block to one line: the register has the screen, ten rows or more at 390×844.
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await detail.getByLabel('Find by name').waitFor({ state: 'hidden' });
    await expect.poll(() => rowsInView(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
    console.log(`register rows in view at 390x844, folded: ${await rowsInView(page)}`);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expectNoFailing(await audit(page, 'account register folded at 390'));
    await toggle.click();
    await detail.getByLabel('Find by name').waitFor({ state: 'visible' });

    // Scrolling the register down (two rows) folds it too, still ten rows or more; back at the top it unfolds.
    await scroller.evaluate((el) => el.scrollTo({ top: 104 }));
    await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('false');
    await expect.poll(() => rowsInView(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
    await detail.getByLabel('Find by name').waitFor({ state: 'visible' });

    // Bills: cards with every field in view, the funded amount and its progress toward the amount.
    await page.goto(`${stack.url}/bills`);
    const card = page.getByTestId('bill-card').filter({ hasText: 'Water and Sewer Utility' });
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByTestId('bill-funded').textContent(), { timeout: 15_000 }).toContain('40.00');
    for (const label of ['Amount', 'Funded', 'Date', 'Debits', 'Suspended', 'Recurrence']) {
      const term = card.locator('dt', { hasText: label });
      const box = (await term.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      const value = (await term.evaluate((el) => el.nextElementSibling!.getBoundingClientRect().right));
      expect(value, label).toBeLessThanOrEqual(390);
    }
    expect(await card.locator('dd').nth(4).textContent()).toBe('No');
    expect(await card.locator('dd').nth(5).textContent()).toBe('Every 3 months');
    const bar = card.getByRole('progressbar');
    expect(await bar.getAttribute('aria-label')).toBe('Water and Sewer Utility: 40% funded');
    expect(Number(await bar.evaluate((el) => (el as unknown as { value: number }).value))).toBeCloseTo(0.4, 5);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expectNoFailing(await audit(page, 'bills at 390'));

    // At 1280 the table has a Funded column.
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = page.getByRole('grid', { name: 'Bills' }).or(page.getByRole('table', { name: 'Bills' }));
    await table.first().waitFor();
    await table.first().getByRole('columnheader', { name: 'Funded' }).waitFor();
    await table.first().getByText('40.00').first().waitFor();
    expectNoFailing(await audit(page, 'bills at 1280'));
    await context.close();
  }, 240_000);

  it('a "Duplicate?" row opens the duplicate dialog, which says which copy is kept; a bank needing a relink is marked on its card with Relink (1280 and 390)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const token = await fetch(`${sim.url}/sandbox/public_token/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'e2e', secret: 'e2e', institution_id: 'ins_109508', initial_products: ['transactions'] }),
    });
    const { public_token: publicToken } = (await token.json()) as { public_token: string };
    const institutionId = (await api<{ data: { id: string } }>(page, 'POST', 'institution', { publicToken, institutionId: 'ins_109508', startDate: day(-20) })).data.id;
    await expect
      .poll(async () => (await stack.db.pool.query('SELECT item_id FROM bank_items WHERE institution_id = $1 AND cursor IS NOT NULL', [institutionId])).rows.length, { timeout: 30_000, interval: 250 })
      .toBe(1);
    const itemId = (await stack.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!.item_id;
    const plaidAccountId = sim.simulator.itemById(itemId)!.accounts.find((a) => a.template.type === AccountType.Depository)!.account_id;
    const accountId = (await stack.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;

    // Two typed twins, then the bank's row: ambiguous, so the bank row is marked "Duplicate?".
    for (const [name, offset] of [['Bakery, by hand', -1], ['Bakery again, by hand', -2]] as const) {
      await api(page, 'POST', `account/${accountId}/transactions`, { date: day(offset), name, amount: -18.4, categories: [] });
    }
    sim.simulator.addCustom(sim.simulator.itemById(itemId)!, [{ date_transacted: day(0), date_posted: day(0), amount: 18.4, description: 'BAKERY 0018' }]);
    await expect
      .poll(async () => {
        await apiOk(page, stack.url, 'POST', `institution/${institutionId}`);
        const rows = await api<{ data: { transactions: { duplicateOfTransactionId: string | null }[] } }>(page, 'GET', `account/${accountId}/transactions?offset=0&limit=50`);
        return rows.data.transactions.filter((r) => r.duplicateOfTransactionId !== null).length;
      }, { timeout: 30_000, interval: 500 })
      .toBe(1);

    // At 390: opening the row itself (not its mark) shows the pair, says it may be a duplicate and which copy stays.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/accounts/${accountId}`);
    const row = page.getByTestId('register-row').filter({ hasText: 'BAKERY 0018' });
    await row.waitFor({ timeout: 15_000 });
    await row.locator('.ui-register__cell--amount').click();
    const dialog = page.getByTestId('duplicate-dialog');
    await dialog.getByText('may be a duplicate').waitFor();
    expect(await dialog.getByTestId('duplicate-kept').textContent()).toContain('keeps the one already in the account');
    await dialog.getByRole('region', { name: 'Already in the account' }).waitFor();
    expect(await page.getByTestId('transaction-dialog').count()).toBe(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390.5);
    expectNoFailing(await audit(page, 'duplicate dialog at 390'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The bank asks for a new login: No on the prompt leaves the mark and Relink on the bank's card.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${stack.url}/accounts`);
    const card = page.getByTestId(`institution-${institutionId}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByText('Needs relinking').count()).toBe(0);
    const fault = await fetch(`${sim.url}/simulator/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ endpoint: '/transactions/sync', error_code: 'ITEM_LOGIN_REQUIRED' }) });
    expect(fault.ok).toBe(true);
    expect(await syncAccounts(page)).toContain('needs you to sign in again.');
    const prompt = page.getByTestId('relink-prompt');
    await prompt.getByRole('button', { name: 'No' }).click();
    await prompt.waitFor({ state: 'detached' });
    const mark = card.getByTestId(`institution-relink-${institutionId}`);
    await mark.getByText('Needs relinking').waitFor();
    expectNoFailing(await audit(page, 'relink mark at 1280'));

    // At 390 the card keeps its mark, in view; its Relink opens Link in update mode, and after the sync the mark goes.
    await page.setViewportSize({ width: 390, height: 844 });
    await mark.waitFor();
    // The card may still be laid out again after the resize: wait for its box, then check it fits.
    await expect.poll(async () => { const box = await mark.boundingBox(); return box ? box.x + box.width : Number.POSITIVE_INFINITY; }, { timeout: 10_000 }).toBeLessThanOrEqual(390.5);
    expectNoFailing(await audit(page, 'relink mark at 390'));
    await mark.getByRole('button', { name: /^Relink / }).click();
    const link = page.getByTestId('simulated-link-dialog');
    await link.getByText('again.').waitFor();
    await link.getByRole('button', { name: 'Continue' }).click();
    await link.waitFor({ state: 'detached' });
    await mark.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => (await stack.db.pool.query('SELECT status FROM bank_items WHERE institution_id = $1', [institutionId])).rows, { timeout: 30_000 }).toEqual([{ status: 'ok' }]);
    await context.close();
  }, 240_000);
});
