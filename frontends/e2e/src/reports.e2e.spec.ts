import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { apiPost, screenshot } from './budget-steps.js';
import { apiCategories } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

/**
 * The reports (docs/architecture.md §9.5; product-spec §2 "Reports", §7 Reports) against the real
 * server: a user with two accounts, five manual rows over two months in two categories and a
 * funding a month; each report answers as it opens (no Run click) with its chart (an svg with its
 * series) and the hand-computed figures in its table; a CSV downloads with the same figures; a
 * report reloads from its URL; on a phone a report's answer is the page, not a box under the list.
 */
let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const two = (n: number) => String(n).padStart(2, '0');
/** The `day` of the month `back` months before this one, as YYYY-MM-DD (local time, as the form's defaults). */
function monthDay(back: number, day: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - back, day);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
const today = monthDay(0, new Date().getDate());
const yearAgo = (() => {
  const now = new Date();
  const date = new Date(now.getFullYear() - 1, now.getMonth(), now.getDate());
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
})();
/** MM/YYYY of a month `back` months ago, as the funding history heads its columns. */
const monthHeader = (back: number) => {
  const iso = monthDay(back, 1);
  return `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
};
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

interface Seeded {
  checking: string;
  visa: string;
  groceries: string;
  dining: string;
}

async function posted(page: Page, path: string, body: unknown): Promise<unknown> {
  const answer = await apiPost(page, stack.url, path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/**
 * Checking opens with 1,000.00 and Visa with -200.00 on the first of three months ago; two months
 * ago: pay 2,000.00 and groceries -50.25 (checking), a funding of 100.00 Groceries and 50.00
 * Dining Out; last month: groceries -30.10 (Visa) and dining -12.40 on the 3rd, dining -7.60 on
 * the 17th (checking), a funding of 100.00 and 80.00.
 */
async function seed(page: Page): Promise<Seeded> {
  const institution = (await posted(page, '/api/v1/institution', {
    institution: { name: 'Reports Bank' },
    accounts: [
      { name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
      { name: 'Visa', balance: -200, type: 'credit', subtype: 'credit card', tracking: 'Transactions' },
    ],
    startDate: monthDay(3, 1),
  })) as { data: { accounts: { id: string; name: string }[] } };
  const account = (name: string) => institution.data.accounts.find((a) => a.name === name)!.id;
  const categories = await apiCategories(page, stack.url);
  const category = (name: string) => categories.find((c) => c.name === name)!.id;
  const seeded = { checking: account('Checking'), visa: account('Visa'), groceries: category('Groceries'), dining: category('Dining Out') };
  const pool = category('Funding Pool');
  const row = (accountId: string, date: string, name: string, amount: number, categoryId: string) =>
    posted(page, `/api/v1/account/${accountId}/transactions`, { date, name, amount, categories: [{ categoryId, amount }] });
  await row(seeded.checking, monthDay(2, 5), 'Paycheck', 2000, pool);
  await row(seeded.checking, monthDay(2, 10), 'Grocer', -50.25, seeded.groceries);
  await row(seeded.visa, monthDay(1, 3), 'Grocer', -30.1, seeded.groceries);
  await row(seeded.checking, monthDay(1, 3), 'Cafe', -12.4, seeded.dining);
  await row(seeded.checking, monthDay(1, 17), 'Cafe', -7.6, seeded.dining);
  const fund = (date: string, groceries: number, dining: number) =>
    posted(page, '/api/v1/category-transfer', {
      date,
      type: 2,
      categories: [
        { categoryId: seeded.groceries, amount: groceries, baseAmount: groceries },
        { categoryId: seeded.dining, amount: dining, baseAmount: dining },
        { categoryId: pool, amount: -(groceries + dining), funder: true },
      ],
    });
  await fund(monthDay(2, 1), 100, 50);
  await fund(monthDay(1, 1), 100, 80);
  return seeded;
}

/** The rows of a report's table as text, cells joined by " | ". */
async function tableRows(page: Page, label: string): Promise<string[]> {
  const table = page.getByRole('grid', { name: `${label} report` });
  await table.waitFor({ timeout: 20_000 });
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map(async (row) => (await row.locator('td').allTextContents()).map((cell) => cell.trim()).join(' | ')));
}

/** Waits for the report's chart: an svg drawn by the chart library, with these series in its legend. */
async function expectChart(page: Page, series: string[]): Promise<Locator> {
  const chart = page.getByTestId('report-chart');
  await chart.locator('svg.recharts-surface').first().waitFor({ timeout: 20_000 });
  expect(await chart.locator('.recharts-legend-item-text').allTextContents()).toEqual(series);
  return chart;
}

/** Opens a report from the list: its answer comes without a click, for the defaults (the URL carries no parameters). */
async function openReport(page: Page, label: string): Promise<void> {
  await page.getByRole('list', { name: 'Reports' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: label }).waitFor();
  expect(new URL(page.url()).search).toBe('');
}

async function run(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run Report' }).click();
}

describe('reports in the browser', () => {
  it('renders the six reports with their charts and figures, downloads a CSV, and reloads a report from its URL', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, stack);
    const seeded = await seed(page);

    // The chart library is not part of /home: no script /home loads draws a Recharts surface.
    const homeScripts: Promise<string>[] = [];
    const onScript = (response: Response) => {
      if (response.request().resourceType() === 'script') homeScripts.push(response.text().catch(() => ''));
    };
    page.on('response', onScript);
    await page.goto(`${stack.url}/home`);
    await page.getByText('Unassigned').first().waitFor();
    await networkQuiet(page);
    page.off('response', onScript);
    expect(homeScripts.length).toBeGreaterThan(0);
    expect((await Promise.all(homeScripts)).some((text) => text.includes('recharts-surface'))).toBe(false);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');

    // Net Worth: the last year by default; the newest row is today's: 2,929.75 + -230.10 = 2,699.65.
    await openReport(page, 'Net Worth');
    expect(await page.getByLabel('Start Date').inputValue()).toBe(yearAgo);
    expect(await page.getByLabel('End Date').inputValue()).toBe(today);
    const netWorthRows = await tableRows(page, 'Net Worth');
    expect(netWorthRows.at(-1)).toMatch(new RegExp(`^${usDate(today).replaceAll('/', '\\/')} \\| .*2,699\\.65$`));
    // It starts at the first account (1,000.00 - 200.00), not with the empty weeks of the year before it.
    expect(netWorthRows[0]).toMatch(/ \| 800\.00$/);
    const netWorthChart = await expectChart(page, [...(await page.getByRole('grid', { name: 'Net Worth report' }).locator('thead th').allTextContents()).slice(1)]);
    await expect.poll(() => netWorthChart.locator('.recharts-line-curve').count()).toBe(3);
    // Plain lines: no dot on every weekly point.
    expect(await netWorthChart.locator('.recharts-line-dot').count()).toBe(0);
    // The amount axis has round ticks: whole dollars (the date ticks are the ones with a '/').
    const tickTexts = async () => (await netWorthChart.locator('.recharts-cartesian-axis-tick-value').allTextContents()).map((t) => t.trim()).filter((t) => !t.includes('/'));
    await expect.poll(async () => (await tickTexts()).length, { timeout: 20_000 }).toBeGreaterThan(1);
    const amountTicks = await tickTexts();
    for (const tick of amountTicks) expect(tick).toMatch(/^-?\d{1,3}(,\d{3})*$/);
    // Run Report puts the parameters in the URL.
    await run(page);
    await page.waitForURL((url) => url.pathname === '/reports/net-worth' && url.searchParams.get('startDate') === yearAgo && url.searchParams.get('endDate') === today);
    await screenshot(page, 'reports-net-worth');

    // Payee: one row per payee (across payment channels), sorted by name; sortable by each column; labelled bars.
    await openReport(page, 'Payee');
    expect(await tableRows(page, 'Payee')).toEqual(['Cafe | 2 | -20.00', 'Grocer | 2 | -80.35', 'Paycheck | 1 | 2,000.00']);
    const payeeChart = await expectChart(page, ['Sum']);
    await expect.poll(() => payeeChart.locator('.recharts-label-list text').allTextContents()).toEqual(expect.arrayContaining(['2,000.00', '-80.35', '-20.00']));
    // Split by payment channel, by choice.
    await page.getByLabel('Split by payment channel').check();
    await expect.poll(() => tableRows(page, 'Payee')).toEqual(['Cafe | unknown | 2 | -20.00', 'Grocer | unknown | 2 | -80.35', 'Paycheck | unknown | 1 | 2,000.00']);
    const sumHeader = page.getByRole('grid', { name: 'Payee report' }).getByRole('columnheader', { name: 'Sum' });
    await sumHeader.click();
    expect(await tableRows(page, 'Payee')).toEqual(['Grocer | unknown | 2 | -80.35', 'Cafe | unknown | 2 | -20.00', 'Paycheck | unknown | 1 | 2,000.00']);
    expect(await sumHeader.getAttribute('aria-sort')).toBe('ascending');
    await sumHeader.click();
    expect((await tableRows(page, 'Payee'))[0]).toBe('Paycheck | unknown | 1 | 2,000.00');
    expect(await sumHeader.getAttribute('aria-sort')).toBe('descending');
    // By keyboard: the header has the focus after the press; Left moves to Count, Enter sorts by it.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    const countHeader = page.getByRole('grid', { name: 'Payee report' }).getByRole('columnheader', { name: 'Count' });
    await expect.poll(() => countHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await sumHeader.getAttribute('aria-sort')).toBe('none');
    expect(await tableRows(page, 'Payee')).toEqual(['Paycheck | unknown | 1 | 2,000.00', 'Cafe | unknown | 2 | -20.00', 'Grocer | unknown | 2 | -80.35']);

    // Its CSV: amounts as plain decimals, the file named by the range.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`payee-${yearAgo}-to-${today}.csv`);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      });
    });
    expect(csv).toBe('Payee,Payment Channel,Count,Sum\r\nCafe,unknown,2,-20.00\r\nGrocer,unknown,2,-80.35\r\nPaycheck,unknown,1,2000.00');

    // Category, at once: spending first, then income (the paycheck in the Funding Pool), as two series.
    await openReport(page, 'Category');
    const everyCategory = await tableRows(page, 'Category');
    expect(everyCategory.at(-1)).toMatch(/ \| 1 \| 2,000\.00$/);
    expect(everyCategory.slice(0, -1)).toEqual(expect.arrayContaining(['Food | Dining Out | 2 | -20.00', 'Food | Groceries | 2 | -80.35']));
    await expectChart(page, ['Spending', 'Income']);
    await page.getByLabel('Show').selectOption('income');
    await expect.poll(() => tableRows(page, 'Category')).toEqual([everyCategory.at(-1)]);
    await page.getByLabel('Show').selectOption('');
    // Only Groceries and Dining Out checked; a bar per category.
    const checks = page.getByRole('group', { name: 'Categories' });
    await checks.getByRole('checkbox', { name: 'Food:Groceries' }).waitFor();
    await checks.getByRole('button', { name: 'None' }).click();
    await checks.getByRole('checkbox', { name: 'Food:Groceries' }).check();
    await checks.getByRole('checkbox', { name: 'Food:Dining Out' }).check();
    await run(page);
    await page.waitForURL((url) => url.searchParams.getAll('c').sort().join(',') === [seeded.groceries, seeded.dining].sort().join(','));
    await expect.poll(() => tableRows(page, 'Category')).toEqual(['Food | Dining Out | 2 | -20.00', 'Food | Groceries | 2 | -80.35']);
    const categoryChart = await expectChart(page, ['Spending', 'Income']);
    await expect.poll(() => categoryChart.locator('.recharts-bar-rectangle').count()).toBe(2);

    // Income vs expenses: two months; transfers and starting balances are neither.
    await openReport(page, 'Income Vs. Expenses');
    expect(await tableRows(page, 'Income Vs. Expenses')).toEqual([
      `${monthHeader(2)} | 2,000.00 | -50.25 | 1,949.75`,
      `${monthHeader(1)} | 0.00 | -50.10 | -50.10`,
    ]);
    const incomeChart = await expectChart(page, ['Income', 'Expenses', 'Net']);
    await expect.poll(() => incomeChart.locator('.recharts-line-curve').count()).toBe(1);
    await expect.poll(() => incomeChart.locator('.recharts-bar-rectangle').count()).toBe(3);

    // Funding history: 12 months to this one, four-digit years; a change from the month before flagged; totals;
    // only the two categories funded in those months.
    await openReport(page, 'Funding History');
    const fundingTable = page.getByRole('table', { name: 'Funding History report' });
    await fundingTable.waitFor({ timeout: 20_000 });
    expect(await fundingTable.locator('tbody tr').count()).toBe(2);
    const headers = await fundingTable.locator('thead th').allTextContents();
    expect(headers.slice(-3)).toEqual([monthHeader(2), monthHeader(1), monthHeader(0)]);
    const dining = fundingTable.locator('tbody tr').filter({ hasText: 'Dining Out' });
    expect((await dining.locator('td').allTextContents()).slice(-3).map((t) => t.replace(' (changed from the month before)', ''))).toEqual(['50.00', '80.00', '0.00']);
    expect(await dining.locator('[data-changed="true"]').count()).toBe(3);
    const groceries = fundingTable.locator('tbody tr').filter({ hasText: 'Groceries' });
    expect(await groceries.locator('[data-changed="true"]').count()).toBe(2);
    expect((await fundingTable.locator('tfoot td').allTextContents()).slice(-3).map((t) => t.replace(' (changed from the month before)', ''))).toEqual(['150.00', '180.00', '0.00']);
    await expectChart(page, ['Total funded']);
    await screenshot(page, 'reports-funding-history');

    // Budget progress of last month: 180.00 funded; 137.50 left after the 3rd, 129.90 after the 17th.
    await openReport(page, 'Budget Progress');
    await page.getByLabel('Month').fill(monthDay(1, 1).slice(0, 7));
    await run(page);
    const progress = await tableRows(page, 'Budget Progress');
    expect(progress).toContain(`${usDate(monthDay(1, 3))} | 137.50 | 2`);
    expect(progress.at(-1)).toBe(`${usDate(monthDay(1, 17))} | 129.90 | 1`);
    await expectChart(page, ['Remaining']);
    await page.getByTestId(`chart-point-${monthDay(1, 3)}`).click();
    const day = page.getByTestId('report-day');
    // The day's two rows: Grocer -30.10 (Visa) and Cafe -12.40 (checking), with their categories.
    for (const text of ['Grocer', 'Cafe', 'Food:Groceries', 'Food:Dining Out', '-30.10', '-12.40']) {
      await day.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
    }
    expect(await day.getByRole('heading').textContent()).toBe(`Transactions on ${usDate(monthDay(1, 3))}`);

    const progressUrl = page.url();

    // The same from the keyboard: the drop-down of the days with rows.
    await page.getByLabel('Transactions of').selectOption(monthDay(1, 17));
    await day.getByText('-7.60', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await day.getByRole('heading').textContent()).toBe(`Transactions on ${usDate(monthDay(1, 17))}`);

    // Back past the budget progress form: the funding history again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/reports/budget-progress' && !url.searchParams.has('m'));
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Funding History' }).waitFor();
    await page.getByRole('table', { name: 'Funding History report' }).waitFor();

    // The spending breakdown: by group and category, shares of all spending, a treemap.
    await openReport(page, 'Spending Breakdown');
    const spending = page.getByRole('table', { name: 'Spending Breakdown report' });
    await spending.waitFor({ timeout: 20_000 });
    const spendingRows = await spending.locator('tbody tr').all();
    expect(await Promise.all(spendingRows.map(async (row) => (await row.locator('td').allTextContents()).map((cell) => cell.trim()).join(' | ')))).toEqual([
      'Food | Groceries | 80.35 | 80.1%',
      'Food | Dining Out | 20.00 | 19.9%',
    ]);
    expect((await spending.locator('tfoot td').allTextContents()).map((cell) => cell.trim())).toEqual(['Total', '', '100.35', '100.0%']);
    await page.getByTestId('report-breakdown').locator('svg.recharts-surface').waitFor({ timeout: 20_000 });

    // A bookmarked payee run for Checking alone, reloaded: its filter and only its rows.
    const bookmark = `${stack.url}/reports/payee?startDate=${yearAgo}&endDate=${today}&a=${seeded.checking}`;
    await page.goto(bookmark);
    expect(await tableRows(page, 'Payee')).toEqual(['Cafe | 2 | -20.00', 'Grocer | 1 | -50.25', 'Paycheck | 1 | 2,000.00']);
    await page.reload();
    expect(await tableRows(page, 'Payee')).toEqual(['Cafe | 2 | -20.00', 'Grocer | 1 | -50.25', 'Paycheck | 1 | 2,000.00']);
    const accounts = page.getByRole('group', { name: 'Accounts' });
    await accounts.getByRole('checkbox', { name: 'Reports Bank — Checking' }).waitFor();
    expect(await accounts.getByRole('checkbox', { name: 'Reports Bank — Checking' }).isChecked()).toBe(true);
    expect(await accounts.getByRole('checkbox', { name: 'Reports Bank — Visa' }).isChecked()).toBe(false);
    await screenshot(page, 'reports-payee-bookmark');
    // The account list scrolls inside at most 300px.
    expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-testid="checks-Accounts"]')).maxHeight`)).toBe('300px');

    // The account balance history draws with the same library: four-digit years, oldest first.
    await page.goto(`${stack.url}/accounts/${seeded.checking}`);
    await page.getByRole('tab', { name: 'Balances' }).click();
    const balanceChart = page.getByTestId('balance-chart');
    await balanceChart.locator('svg.recharts-surface').waitFor({ timeout: 20_000 });
    await expect.poll(() => balanceChart.locator('.recharts-cartesian-axis-tick-value').count()).toBeGreaterThan(2);
    // The date ticks (the amount ticks hold no '/').
    const ticks = (await balanceChart.locator('.recharts-cartesian-axis-tick-value').allTextContents()).filter((t) => t.includes('/'));
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const isoTicks = ticks.map((t) => `${t.slice(6)}-${t.slice(0, 2)}-${t.slice(3, 5)}`);
    expect(isoTicks).toEqual([...isoTicks].sort());
    expect(await balanceChart.getAttribute('aria-label')).toMatch(/^Balance over time, 2,929\.75 on \d{2}\/\d{2}\/\d{4}$/);

    // An empty range says so.
    await page.goto(`${stack.url}/reports/payee?startDate=1990-01-01&endDate=1990-01-31`);
    await page.getByTestId('report-empty').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('report-empty').textContent()).toBe('No data for this range');

    // On a phone the answer is the page: the list gives way, the table is in the page's flow (no
    // box of its own scrolled under a blank page), and the chart spans the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/reports/income-vs-expenses`);
    await tableRows(page, 'Income Vs. Expenses');
    expect(await page.getByTestId('report-list').isVisible()).toBe(false);
    const detail = page.locator('.ui-list-detail__detail');
    expect(await detail.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).overflowY)).toBe('visible');
    expect(await detail.evaluate((element) => element.scrollHeight - element.clientHeight)).toBe(0);
    const chartBox = await page.getByTestId('report-chart').boundingBox();
    expect(chartBox!.width).toBeGreaterThan(300);
    expect((await page.getByTestId('report-view').boundingBox())!.height).toBeGreaterThan(400);
    await screenshot(page, 'reports-phone');

    // Budget progress on the phone: a day chosen from the drop-down lists its rows (its ids asked
    // for, then its rows) inside the screen's width.
    await page.goto(progressUrl);
    await tableRows(page, 'Budget Progress');
    await page.getByLabel('Transactions of').selectOption(monthDay(1, 3));
    const phoneDay = page.getByTestId('report-day');
    for (const text of ['Grocer', 'Cafe', '-30.10', '-12.40']) await phoneDay.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
    const dayBox = (await phoneDay.boundingBox())!;
    expect(dayBox.x).toBeGreaterThanOrEqual(0);
    expect(dayBox.x + dayBox.width).toBeLessThanOrEqual(390);
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
    await screenshot(page, 'reports-phone-budget-progress');
    await context.close();
  });
});
