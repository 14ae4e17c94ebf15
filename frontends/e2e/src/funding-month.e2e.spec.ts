import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiPost, expectListAmount, listEntry, openThousandInThePool, screenshot, typeAmount } from './budget-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * Funding once a month (docs/architecture.md §9.3): the Fund dialog's amounts start empty, Enter
 * funds only what was typed, "Use proposed" fills what each category still needs after the
 * month's fundings, a second Fund in the same month proposes nothing twice, the list narrows to
 * categories with a plan or underfunded, and its balances are Home's.
 */
let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const GROUP = 'Monthly';

async function created(page: Page, path: string, body: unknown): Promise<string> {
  const answer = await apiPost(page, stack.url, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: { id: string } }).data.id;
}

const row = (dialog: Locator, id: string) => dialog.getByTestId(`funding-row-${id}`);
const figure = (dialog: Locator, id: string, label: string) => row(dialog, id).locator(`[data-label="${label}"]`);
const amountField = (dialog: Locator, name: string) => dialog.getByLabel(`Amount for ${GROUP}:${name}`);

async function openFund(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Fund', exact: true }).click();
  const dialog = page.getByTestId('funding-dialog');
  await dialog.getByRole('table').waitFor();
  return dialog;
}

/** Waits until the dialog's "Total funding" reads exactly `amount` ("25.00" must not match "325.00"). */
async function expectTotal(dialog: Locator, amount: string): Promise<void> {
  await dialog.getByTestId('funding-total').filter({ hasText: new RegExp(`^Total funding\\s*${amount.replace('.', '\\.')}$`) }).waitFor({ timeout: 10_000 });
}

async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor({ timeout: 10_000 });
  expect((await locator.textContent())?.trim()).toBe(text);
}

describe('funding once a month, in the browser', () => {
  it('fund a month, open Fund again the same month: no category is proposed twice', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await openThousandInThePool(page, stack.url);
    const group = await created(page, '/api/v1/groups', { name: GROUP, parentGroupId: null });
    const rent = await created(page, `/api/v1/groups/${group}/categories`, { name: 'Rent', fundingAmount: 300, useGoal: false, fundingCategories: [] });
    const gym = await created(page, `/api/v1/groups/${group}/categories`, { name: 'Gym', fundingAmount: 40, useGoal: false, fundingCategories: [] });
    const books = await created(page, `/api/v1/groups/${group}/categories`, { name: 'Books', useGoal: false, fundingCategories: [] });
    await page.reload();
    await listEntry(page, 'Books').waitFor();

    // First Fund of the month: amounts start empty beside their proposals; typing 25 for Gym and
    // pressing Enter funds 25.00 — not the 340.00 the proposals add up to.
    let funding = await openFund(page);
    await expectText(figure(funding, rent, 'Proposed'), '300.00');
    await expectText(figure(funding, gym, 'Proposed'), '40.00');
    await expectTotal(funding, '0.00');
    await typeAmount(amountField(funding, 'Gym'), '25');
    await expectTotal(funding, '25.00');
    await amountField(funding, 'Gym').press('Enter');
    await funding.waitFor({ state: 'detached' });
    await expectListAmount(page, 'Gym', '25.00');
    await expectListAmount(page, 'Funding Pool', '975.00');
    await expectListAmount(page, 'Rent', '0.00');

    // Second Fund: Gym is proposed what it still needs (15.00), Rent all of its plan; the balances
    // are Home's; "Use proposed" fills exactly those.
    funding = await openFund(page);
    await expectText(figure(funding, gym, 'Proposed'), '15.00');
    await expectText(figure(funding, rent, 'Proposed'), '300.00');
    await expectText(figure(funding, gym, 'Balance'), '25.00');
    await expectText(figure(funding, rent, 'Balance'), '0.00');
    expect(await amountField(funding, 'Gym').inputValue()).not.toBe('15.00');
    await funding.getByRole('button', { name: 'Use proposed' }).click();
    expect(await amountField(funding, 'Gym').inputValue()).toBe('15.00');
    expect(await amountField(funding, 'Rent').inputValue()).toBe('300.00');
    await expectTotal(funding, '315.00');
    await screenshot(page, 'funding-use-proposed');
    await funding.getByRole('button', { name: 'Save' }).click();
    await funding.waitFor({ state: 'detached' });
    await expectListAmount(page, 'Gym', '40.00');
    await expectListAmount(page, 'Rent', '300.00');
    await expectListAmount(page, 'Funding Pool', '660.00');

    // Third Fund in the same month: nothing is proposed twice.
    funding = await openFund(page);
    for (const id of [rent, gym, books]) await expectText(figure(funding, id, 'Proposed'), '0.00');
    await expectText(figure(funding, gym, 'Balance'), '40.00');
    await expectText(figure(funding, rent, 'Balance'), '300.00');
    await funding.getByRole('button', { name: 'Use proposed' }).click();
    await expectTotal(funding, '0.00');

    // Narrowed to the categories with a plan or underfunded: Books (no plan, nothing owed) goes,
    // unless an amount is being funded to it.
    expect(await row(funding, books).count()).toBe(1);
    await funding.getByLabel('Only categories with a plan or underfunded').check();
    expect(await row(funding, books).count()).toBe(0);
    expect(await row(funding, rent).count()).toBe(1);
    expect(await row(funding, gym).count()).toBe(1);
    await funding.getByLabel('Only categories with a plan or underfunded').uncheck();
    await typeAmount(amountField(funding, 'Books'), '5');
    await funding.getByLabel('Only categories with a plan or underfunded').check();
    expect(await row(funding, books).count()).toBe(1);
    await funding.getByRole('button', { name: 'Cancel' }).click();
    await funding.waitFor({ state: 'detached' });
    await context.close();
  });
});
