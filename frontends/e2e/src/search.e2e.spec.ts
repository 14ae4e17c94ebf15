import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { audit, expectNoFailing } from './axe-audit.js';
import { apiCategories, shown } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

/** POSTs to the API as the signed-in page's user (its access token from localStorage). */
async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const response = await fetch(`${stack.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

/** The rows of the search register as "name | account | amount" lines, newest first. */
async function shownRows(page: Page): Promise<string[]> {
  const rows = await page.getByRole('grid', { name: 'Matching transactions' }).getByTestId('register-row').all();
  // Date | Name | Account | Category | Amount: the name, the account's own column and the amount.
  return Promise.all(rows.map(async (row) => (await row.getByRole('gridcell').allInnerTexts()).filter((_, i) => i === 1 || i === 2 || i === 4).join(' | ')));
}

describe('search (product-spec §2 Search)', () => {
  it('a blank search is refused on the field; a name part in another case lists the matches with their accounts; reload keeps them', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const institution = await apiPost<{ data: { accounts: { id: string; name: string }[] } }>(page, 'institution', {
      institution: { name: 'Town Bank' },
      accounts: [
        { name: 'Everyday Checking', balance: 500, tracking: 'Transactions' },
        { name: 'Visa', balance: 0, tracking: 'Transactions' },
      ],
      startDate: '2025-01-01',
    });
    const accountId = (name: string) => institution.data.accounts.find((a) => a.name === name)!.id;
    for (const [account, date, name, amount] of [
      ['Everyday Checking', '2025-03-05', 'Corner Cafe', -4.5],
      ['Visa', '2025-03-07', 'CORNER CAFE downtown', -12],
      ['Everyday Checking', '2025-03-06', 'Book Nook', -9.99],
    ] as const) {
      await apiPost(page, `account/${accountId(account)}/transactions`, { date, name, amount, categories: [] });
    }

    await page.goto(`${stack.url}/search`);
    const box = page.getByLabel('Search transactions');
    await box.waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('A non-empty search string must be provided').waitFor();
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('A non-empty search string must be provided').waitFor();
    expect(page.url()).not.toContain('q=');
    expect(await page.getByTestId('register').count()).toBe(0);

    await box.fill('corner cAFE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=corner(\+|%20)cAFE$/);
    const expected = [`CORNER CAFE downtown | Visa | ${shown(-12)}`, `Corner Cafe | Everyday Checking | ${shown(-4.5)}`];
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual(expected);
    expect(await page.getByText('A non-empty search string must be provided').count()).toBe(0);

    await page.reload();
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual(expected);
    expect(await page.getByLabel('Search transactions').inputValue()).toBe('corner cAFE');

    // A row opens the transaction dialog the account register opens.
    await page.getByRole('grid', { name: 'Matching transactions' }).getByTestId('register-row').first().click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('CORNER CAFE downtown');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await box.fill('nook%');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No transactions match').waitFor();
    await box.fill('NOOK');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual([`Book Nook | Everyday Checking | ${shown(-9.99)}`]);
    // Back returns to the earlier search.
    await page.goBack();
    await page.waitForURL(/q=nook%25$/);
    await page.getByText('No transactions match').waitFor();
    expect(await page.getByLabel('Search transactions').inputValue()).toBe('nook%');
    await context.close();
  });
  it('loads the matches 30 at a time: 33 rows come in two pages, offset 0 then 30', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const institution = await apiPost<{ data: { accounts: { id: string }[] } }>(page, 'institution', {
      institution: { name: 'Paging Bank' },
      accounts: [{ name: 'Checking', balance: 0, tracking: 'Transactions' }],
      startDate: '2025-01-01',
    });
    const accountId = institution.data.accounts[0]!.id;
    for (let i = 1; i <= 33; i++) await apiPost(page, `account/${accountId}/transactions`, { date: '2025-02-01', name: `Coffee ${i}`, amount: -i, categories: [] });
    const offsets: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/transactions/search') offsets.push(`${url.searchParams.get('offset')}/${url.searchParams.get('limit')}`);
    });
    await page.goto(`${stack.url}/search?q=COFFEE`);
    const table = page.getByRole('grid', { name: 'Matching transactions' });
    // The register's row count is known once its last page came back short: 33 rows and the head.
    await expect.poll(() => table.getAttribute('aria-rowcount'), { timeout: 15_000 }).toBe('34');
    expect(offsets).toEqual(['0/30', '30/30']);
    expect(await table.getByTestId('register-row').first().getByRole('gridcell').nth(1).innerText()).toBe('Coffee 33');
    await context.close();
  });

  it('filters by amount either way, memo, category and dates, shows the count of every match, and axe finds nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const institution = await apiPost<{ data: { accounts: { id: string }[] } }>(page, 'institution', {
      institution: { name: 'Filter Bank' },
      accounts: [{ name: 'Checking', balance: 0, tracking: 'Transactions' }],
      startDate: '2025-01-01',
    });
    const accountId = institution.data.accounts[0]!.id;
    const groceries = (await apiCategories(page, stack.url)).find((c) => c.name === 'Groceries')!.id;
    for (const [date, name, amount, comment, category] of [
      ['2025-03-01', 'Kroger', -45, 'weekly shop', groceries],
      ['2025-03-02', 'Refund', 45, null, null],
      ['2025-03-03', 'Bistro', -45.5, 'birthday', null],
      ['2025-04-01', 'Shell', -20, null, null],
    ] as const) {
      await apiPost(page, `account/${accountId}/transactions`, { date, name, amount, comment, categories: category ? [{ categoryId: category, amount }] : [] });
    }
    await page.goto(`${stack.url}/search`);
    await page.getByLabel('Search transactions').waitFor();
    const search = async (fields: Record<string, string>) => {
      for (const label of ['Search transactions', 'Amount', 'Memo', 'Category', 'From date', 'To date']) await page.getByLabel(label, { exact: true }).fill(fields[label] ?? '');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    };
    const count = page.getByRole('status').filter({ hasText: /found$/ });

    // "45" finds money out and in; the count is every match.
    await search({ Amount: '45' });
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual([`Refund | Checking | ${shown(45)}`, `Kroger | Checking | ${shown(-45)}`]);
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('2 transactions found');
    expect(page.url()).toMatch(/\/search\?amount=45$/);
    expectNoFailing(await audit(page, '/search with filters'));

    await search({ Amount: '45.5' });
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual([`Bistro | Checking | ${shown(-45.5)}`]);
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('1 transaction found');
    await search({ Category: 'groceries' });
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual([`Kroger | Checking | ${shown(-45)}`]);
    await search({ Memo: 'BIRTH' });
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual([`Bistro | Checking | ${shown(-45.5)}`]);
    await search({ 'From date': '2025-03-02', 'To date': '2025-03-31' });
    await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual([`Bistro | Checking | ${shown(-45.5)}`, `Refund | Checking | ${shown(45)}`]);

    // Bad filters are refused on their fields and change nothing.
    await search({ Amount: '4.555' });
    await page.getByText('The amount must be a number with at most two decimals.').waitFor();
    await search({ 'From date': '2025-04-01', 'To date': '2025-03-01' });
    await page.getByText('The end date must not be before the start date.').waitFor();
    expect(page.url()).toContain('from=2025-03-02');
    expectNoFailing(await audit(page, '/search with refused filters'));
    await context.close();
  });
});
