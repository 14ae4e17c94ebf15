import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Saves a screenshot when E2E_SCREENSHOTS names a folder (for looking at the screens by eye). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/** POSTs to the API with the signed-in page's access token (localStorage `budget.accessToken`). */
export async function apiPost(page: Page, baseUrl: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/**
 * Money in the Funding Pool: an offline account (since the first of last month) with a starting
 * balance of 1,000.00, opened through the API; the page is reloaded and shows it.
 */
export async function openThousandInThePool(page: Page, baseUrl: string): Promise<void> {
  const institution = await apiPost(page, baseUrl, '/api/v1/institution', {
    institution: { name: 'E2E Bank' },
    accounts: [{ name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
    startDate: firstOfLastMonth(),
  });
  if (institution.status >= 300) throw new Error(`POST /institution answered ${institution.status}: ${JSON.stringify(institution.body)}`);
  await page.reload();
  await expectListAmount(page, 'Funding Pool', '1,000.00');
}

/** Opens an entry of the Home toolbar's Add… menu. */
export async function addFromMenu(page: Page, item: 'Group' | 'Category' | 'Bill' | 'Goal'): Promise<void> {
  await page.getByRole('button', { name: 'Add…' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Types into an amount field the way a user does: focus (which selects), type, leave. */
export async function typeAmount(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
  await field.blur();
}

/** Saves a dialog and waits for it to close. */
export async function saveDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A category's entry in the Home list (its link), by its name. */
export const listEntry = (page: Page, name: string) => page.getByTestId('category-list').getByRole('link', { name: new RegExp(`^${name}`) });

/** Waits until a category's entry in the Home list (its link and, beside it, its balance) shows the amount. */
export async function expectListAmount(page: Page, name: string, amount: string): Promise<void> {
  const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
  await page.getByTestId('category-list').getByRole('listitem').filter({ has: link }).filter({ hasText: amount }).waitFor({ timeout: 30_000 });
}

/** The group the budgeting test creates its categories in. */
export const GROUP = 'Envelopes';

/** The first day of the month `back` months before this one, local time, as YYYY-MM-DD. */
function firstOfMonthBack(back: number, now: Date): string {
  const date = new Date(now.getFullYear(), now.getMonth() - back, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-01`;
}

/** The first day of last month, local time, as YYYY-MM-DD. */
export const firstOfLastMonth = (now = new Date()): string => firstOfMonthBack(1, now);

/** The first day of this month, local time, as YYYY-MM-DD: the Fund dialog's default date. */
export const firstOfThisMonth = (now = new Date()): string => firstOfMonthBack(0, now);

/** Adds a category to GROUP through Add… → Category. */
export async function addCategory(page: Page, name: string): Promise<void> {
  await addFromMenu(page, 'Category');
  const dialog = page.getByTestId('category-dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Group', { exact: true }).selectOption({ label: GROUP });
  await saveDialog(dialog);
  await listEntry(page, name).waitFor();
}

/** Opens the Rebalance dialog and types adjustments for categories of GROUP; returns the dialog. */
export async function rebalance(page: Page, adjustments: Record<string, string>): Promise<Locator> {
  await page.getByRole('button', { name: 'Rebalance' }).click();
  const dialog = page.getByTestId('rebalance-dialog');
  for (const [name, amount] of Object.entries(adjustments)) await typeAmount(dialog.getByLabel(`Adjustment for ${GROUP}:${name}`), amount);
  return dialog;
}

/** Opens and cancels each Home dialog, screenshotting it once loaded. */
export async function tourDialogs(page: Page): Promise<void> {
  const openers: [() => Promise<void>, string][] = [
    [() => page.getByRole('button', { name: 'Fund', exact: true }).click(), 'funding-dialog'],
    [() => page.getByRole('button', { name: 'Rebalance' }).click(), 'rebalance-dialog'],
    [() => addFromMenu(page, 'Bill'), 'category-dialog'],
    [() => addFromMenu(page, 'Group'), 'group-dialog'],
    [() => page.getByTestId('category-list').getByRole('button', { name: 'Edit Vacation' }).click(), 'category-dialog'],
    [
      async () => {
        await page.getByTestId('category-transfers').click();
        await page.getByRole('button', { name: 'New Transfer' }).click();
      },
      'transfer-dialog',
    ],
  ];
  for (const [open, testId] of openers) {
    await open();
    const dialog = page.getByTestId(testId);
    await dialog.waitFor();
    if (testId === 'funding-dialog' || testId === 'rebalance-dialog') await dialog.getByRole('table').waitFor();
    const title = (await dialog.getByRole('heading').first().textContent()) ?? testId;
    await screenshot(page, `${page.viewportSize()?.width ?? 0}px-${title.replace(/\W+/g, '-')}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
