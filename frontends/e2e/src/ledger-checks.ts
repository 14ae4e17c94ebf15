import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCategories, apiGet, shown } from './ledger-api.js';
import { amountIn } from './ledger-steps.js';

/** The balance Home shows for the category named `name`. */
export async function categoryAmountOnScreen(page: Page, baseUrl: string, name: string): Promise<string> {
  const id = (await apiCategories(page, baseUrl)).find((c) => c.name === name)?.id;
  if (id === undefined) throw new Error(`no category named ${name}`);
  return amountIn(page.getByTestId(`category-balance-${id}`));
}

/**
 * On Home: each named category shows the balance GET /groups answers, and the Unassigned badge
 * shows its register's transactionsCount. Answers the API's balances by name.
 *
 * Entries are found by their test ids, not their text: the Unassigned entry's label also holds
 * its badge, so its text is "Unassigned" only until the count has loaded.
 */
export async function expectCategoriesAsApi(page: Page, baseUrl: string, names: readonly string[]): Promise<Map<string, number>> {
  const categories = await apiCategories(page, baseUrl);
  const balances = new Map<string, number>();
  for (const name of names) {
    const api = categories.find((c) => c.name === name);
    expect(api, name).toBeTruthy();
    const entry = page.getByTestId('category-list').getByTestId(`category-balance-${api!.id}`);
    await entry.waitFor();
    expect(await amountIn(entry), name).toBe(shown(api!.balance));
    balances.set(name, api!.balance);
  }
  const unassigned = categories.find((c) => c.type === 'UNASSIGNED')!;
  const register = await apiGet<{ data: { transactionsCount: number } }>(page, baseUrl, `/api/v1/category/${unassigned.id}/transactions?pending=2&offset=0&limit=1`);
  const count = register.data.transactionsCount;
  const badge = page.getByTestId('unassigned-count');
  if (count === 0) await expect.poll(() => badge.count()).toBe(0);
  else await expect.poll(() => badge.count().then((n) => (n === 0 ? null : badge.textContent()))).toBe(String(count));
  return balances;
}
