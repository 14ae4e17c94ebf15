import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { audit, expectNoFailing } from './axe-audit.js';
import { apiOk } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * Long names readable on touch (docs/architecture.md §9.8 "Phone and touch"): a payee of 80
 * characters and a long category name are cut with an ellipsis in the registers; at 390 px with
 * touch a tap on the cut cell shows them whole (and does not open the row, while a tap elsewhere on
 * it still does, and the select box still selects), with no sideways scroll; at 1280 the cell's
 * title has it for a mouse and the keyboard's focus shows it. axe finds nothing with the tip open.
 */
let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const PAYEE = 'Northern Lights Community Hardware and Garden Supply Cooperative, Lakeside Depot';
const CATEGORY = 'Household maintenance, repairs and garden projects';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An account with the long-named transaction (today) in the long-named category, and a short one before it. */
async function seed(page: Page): Promise<{ accountId: string; categoryId: string }> {
  const api = <T = unknown>(method: string, path: string, body?: unknown) => apiOk<T>(page, stack.url, method, path, body);
  const opened = await api<{ data: { accounts: { id: string }[] } }>('POST', 'institution', {
    institution: { name: 'Town Bank' },
    accounts: [{ name: 'Everyday Checking', balance: 2000, tracking: 'Transactions' }],
    startDate: day(-30),
  });
  const accountId = opened.data.accounts[0]!.id;
  const group = (await api<{ data: { id: string } }>('POST', 'groups', { name: 'Home', parentGroupId: null })).data.id;
  const categoryId = (await api<{ data: { id: string } }>('POST', `groups/${group}/categories`, { name: CATEGORY, type: 'REGULAR', fundingCategories: [] })).data.id;
  await api('POST', `account/${accountId}/transactions`, { date: day(-2), name: 'Cafe', amount: -4.5, categories: [] });
  await api('POST', `account/${accountId}/transactions`, { date: day(0), name: PAYEE, amount: -62.1, categories: [{ categoryId, amount: -62.1 }] });
  return { accountId, categoryId };
}

const cut = (cell: Locator) => cell.evaluate((el) => el.scrollWidth > el.clientWidth);
const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

async function expectTipWhole(page: Page, texts: readonly string[], width: number): Promise<Locator> {
  const tip = page.getByTestId('name-tip');
  await tip.waitFor({ state: 'visible', timeout: 10_000 });
  for (const text of texts) expect(await tip.textContent()).toContain(text);
  const box = (await tip.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  return tip;
}

describe('long names', () => {
  it('at 390 with touch: a tap on a cut name, category or account shows it whole; a tap elsewhere still opens the row; select still selects', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signUp(page, stack);
    const { accountId, categoryId } = await seed(page);
    expect(PAYEE).toHaveLength(80);

    // The account register: the payee and its category are both cut.
    await page.goto(`${stack.url}/accounts/${accountId}`);
    const detail = page.locator('.ui-list-detail__detail');
    const row = detail.getByTestId('register-row').filter({ hasText: PAYEE });
    await row.waitFor({ timeout: 30_000 });
    const name = row.locator('[data-name-cell="name"]');
    expect(await cut(name)).toBe(true);
    expect(await cut(row.locator('[data-name-cell="detail"]'))).toBe(true);
    await name.tap();
    const tip = await expectTipWhole(page, [PAYEE, `Home:${CATEGORY}`], 390);
    expect(await page.getByTestId('transaction-dialog').count()).toBe(0);
    expectNoFailing(await audit(page, 'name tip in the account register at 390'));

    // The next tap elsewhere closes it; a tap on the amount opens the row as before.
    await row.locator('.ui-register__cell--amount').tap();
    await tip.waitFor({ state: 'detached' });
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A name not cut opens its row on a tap, no tip; the select box keeps its tap.
    const short = detail.getByTestId('register-row').filter({ hasText: 'Cafe' });
    await short.locator('[data-name-cell="name"]').tap();
    await dialog.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('name-tip').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('select-row').tap();
    await expect.poll(() => row.getByTestId('select-row').getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await page.getByTestId('name-tip').count()).toBe(0);

    // The category register: the payee and the account's column.
    await page.goto(`${stack.url}/home/${categoryId}`);
    const register = page.getByTestId('category-register');
    const categoryRow = register.getByTestId('register-row').filter({ hasText: PAYEE });
    await categoryRow.waitFor({ timeout: 15_000 });
    // The category's own name (cut in the tree) reads whole in its register's header.
    const heading = register.getByRole('heading', { level: 2 });
    expect(await heading.textContent()).toBe(`Home:${CATEGORY}`);
    expect(await cut(heading)).toBe(false);
    await categoryRow.locator('[data-name-cell="name"]').tap();
    await expectTipWhole(page, [PAYEE], 390);
    expectNoFailing(await audit(page, 'name tip in the category register at 390'));

    // Search results: the same register.
    await page.goto(`${stack.url}/search`);
    await page.getByLabel('Search transactions').fill('Northern Lights');
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    const found = page.getByTestId('register-row').filter({ hasText: PAYEE });
    await found.waitFor({ timeout: 15_000 });
    await found.locator('[data-name-cell="name"]').tap();
    await expectTipWhole(page, [PAYEE], 390);
    expectNoFailing(await audit(page, 'name tip in search results at 390'));
    await context.close();
  }, 240_000);

  it('at 1280: the cut cell has its whole text as its title, the keyboard focus shows the tip (Escape closes it), a click still opens the row', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const { accountId } = await seed(page);
    await page.goto(`${stack.url}/accounts/${accountId}`);
    const grid = page.getByRole('grid', { name: 'Transactions' }).first();
    const row = grid.getByTestId('register-row').filter({ hasText: PAYEE });
    await row.waitFor({ timeout: 15_000 });
    const name = row.locator('[data-name-cell="name"]');
    expect(await cut(name)).toBe(true);
    expect(await name.getAttribute('title')).toBe(PAYEE);
    expect(await row.locator('[data-name-cell="detail"]').getAttribute('title')).toBe(`Home:${CATEGORY}`);

    // The keyboard: on to the last row (short: no tip), back to the first (the long one): the tip.
    await grid.focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate<string>("document.activeElement?.textContent ?? ''"), { timeout: 10_000 }).not.toContain(PAYEE);
    await expect.poll(() => page.getByTestId('name-tip').count(), { timeout: 10_000 }).toBe(0);
    await page.keyboard.press('Home');
    const tip = await expectTipWhole(page, [PAYEE, `Home:${CATEGORY}`], 1280);
    expectNoFailing(await audit(page, 'name tip in the account register at 1280'));
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });

    // A click opens the row as before.
    await name.click();
    await page.getByTestId('transaction-dialog').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('name-tip').count()).toBe(0);
    await context.close();
  }, 180_000);
});
