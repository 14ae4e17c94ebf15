import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCategories, apiOk } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * The Account column of category and Unassigned registers (README "Registers' columns"): a column
 * of its own headed "Account", a long account name cut off with an ellipsis and whole in its
 * tooltip and accessible name; account registers have none. It stays inside the virtualised grid
 * (one Tab stop, arrows move between rows, the cells are no stops of their own), and on a 390px
 * phone it sits under the name without any sideways overflow.
 */
let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
/* Kept beside phone.e2e.spec.ts's screenshots under frontends/e2e/artifacts/screenshots. */
const SCREENSHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const LONG = 'Household Checking at the Very Long Named Credit Union of the Valley';

interface Seeded {
  session: Awaited<ReturnType<BrowserContext['storageState']>>;
  longId: string;
  unassignedId: string;
}

const api = (page: Page, method: string, path: string, body?: unknown): Promise<unknown> => apiOk(page, stack.url, method, path, body);

/** Two accounts, one with a very long name, each with a row waiting in Unassigned. */
async function seed(): Promise<Seeded> {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await signUp(page, stack);
  const institution = (await api(page, 'POST', 'institution', {
    institution: { name: 'Valley Credit Union' },
    accounts: [
      { name: LONG, balance: 500, tracking: 'Transactions' },
      { name: 'Visa', balance: 0, tracking: 'Transactions' },
    ],
    startDate: '2025-01-01',
  })) as { data: { accounts: { id: string; name: string }[] } };
  const id = (name: string) => institution.data.accounts.find((a) => a.name === name)!.id;
  await api(page, 'POST', `account/${id(LONG)}/transactions`, { date: '2025-03-05', name: 'Corner Cafe', amount: -4.5, categories: [] });
  await api(page, 'POST', `account/${id('Visa')}/transactions`, { date: '2025-03-06', name: 'Book Nook', amount: -9.99, categories: [] });
  const unassignedId = (await apiCategories(page, stack.url)).find((c) => c.name === 'Unassigned')!.id;
  const session = await context.storageState();
  await context.close();
  return { session, longId: id(LONG), unassignedId };
}

/** What has the focus: its role, row index and whether it is inside the register's grid. */
const focused = (page: Page) =>
  page.evaluate<{ role: string | null; index: string | null; inGrid: boolean } | null>(`(() => {
    const el = document.activeElement;
    return el ? { role: el.getAttribute('role'), index: el.getAttribute('data-index'), inGrid: el.closest('[role="grid"]') !== null } : null;
  })()`);

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('the Account column of category registers', () => {
  it('is a column of its own at 1280px, cut off with the whole name in its tooltip, inside the one-Tab-stop grid; account registers have none', async () => {
    const seeded = await seed();
    const context = await browser.newContext({ ...DESKTOP, storageState: seeded.session });
    const page = await context.newPage();
    await page.goto(`${stack.url}/home/${seeded.unassignedId}`);
    const grid = page.getByRole('grid', { name: 'Transactions' });
    await expect.poll(() => grid.getByTestId('register-row').count(), { timeout: 15_000 }).toBe(2);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}category-account-1280.png` });
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(['DATE', 'NAME', 'ACCOUNT', 'CATEGORY', 'AMOUNT', 'BALANCE']);
    expect(await grid.getByRole('columnheader', { name: 'Account' }).count()).toBe(1);

    // The long name: its accessible name and tooltip are whole, what shows is cut off with an ellipsis.
    const cell = grid.getByRole('gridcell', { name: LONG, exact: true });
    expect(await cell.getAttribute('title')).toBe(LONG);
    const shown = await cell.evaluate((el) => ({ overflow: el.ownerDocument.defaultView!.getComputedStyle(el).textOverflow, cut: el.scrollWidth > el.clientWidth }));
    expect(shown).toEqual({ overflow: 'ellipsis', cut: true });
    expect(await grid.getByRole('gridcell', { name: 'Visa', exact: true }).count()).toBe(1);

    // Its own width, in line with its header, between the name and the category, overlapping neither.
    const head = await box(page, '[role="columnheader"].ui-register__cell--account');
    const account = (await cell.boundingBox())!;
    expect(Math.abs(head.x - account.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(head.width - account.width)).toBeLessThanOrEqual(1);
    expect(account.width).toBeGreaterThanOrEqual(72);
    const row = grid.getByTestId('register-row').filter({ hasText: 'Corner Cafe' });
    const name = (await row.locator('.ui-register__cell--name').boundingBox())!;
    const detail = (await row.locator('.ui-register__cell--detail').boundingBox())!;
    expect(name.x + name.width).toBeLessThanOrEqual(account.x);
    expect(account.x + account.width).toBeLessThanOrEqual(detail.x);
    // The whole date fits its column (03/05/2025, not cut off).
    expect(await row.locator('.ui-register__cell--date').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Still one Tab stop: the first row takes the focus, the account cell is no stop of its own, ArrowDown moves on.
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    expect(await cell.getAttribute('tabindex')).toBeNull();
    await grid.getByTestId('register-row').first().focus();
    expect(await focused(page)).toMatchObject({ role: 'row', index: '0', inGrid: true });
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ role: 'row', index: '1', inGrid: true });
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toMatchObject({ role: 'row', index: '0', inGrid: true });

    // An account's own register shows no Account column.
    await page.goto(`${stack.url}/accounts/${seeded.longId}`);
    const accountGrid = page.getByRole('grid', { name: 'Transactions' });
    await accountGrid.getByTestId('register-row').filter({ hasText: 'Corner Cafe' }).waitFor({ timeout: 15_000 });
    expect(await accountGrid.getByRole('columnheader').allInnerTexts()).not.toContain('ACCOUNT');
    expect(await accountGrid.locator('.ui-register__cell--account').count()).toBe(0);
    await context.close();
  });

  it('sits under the name on a 390px phone, cut off, with no sideways overflow', async () => {
    const seeded = await seed();
    const context = await browser.newContext({ ...PHONE, storageState: seeded.session });
    const page = await context.newPage();
    await page.goto(`${stack.url}/home/${seeded.unassignedId}`);
    const rows = page.getByTestId('register-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}category-account-390.png` });
    const row = rows.filter({ hasText: 'Corner Cafe' });
    const cell = row.getByRole('gridcell', { name: LONG, exact: true });
    expect(await cell.getAttribute('title')).toBe(LONG);
    expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const [name, account, date, amount, balance] = await Promise.all(
      ['name', 'account', 'date', 'amount', 'balance'].map(async (part) => (await row.locator(`.ui-register__cell--${part}`).boundingBox())!),
    );
    // Second line: after the date, under the name, before the balance; all inside the 390px screen.
    expect(account!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
    expect(Math.abs(account!.y - date!.y)).toBeLessThanOrEqual(4);
    expect(account!.x).toBeGreaterThanOrEqual(date!.x + date!.width);
    expect(account!.x + account!.width).toBeLessThanOrEqual(balance!.x);
    expect(account!.width).toBeGreaterThan(40);
    expect(amount!.x + amount!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await rows.filter({ hasText: 'Book Nook' }).getByRole('gridcell', { name: 'Visa', exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
