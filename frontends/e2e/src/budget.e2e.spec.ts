import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addCategory, addFromMenu, expectListAmount, GROUP, listEntry, openThousandInThePool, rebalance, saveDialog, screenshot, tourDialogs, typeAmount } from './budget-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

describe('envelope budgeting in the browser, against the services npm start runs', () => {
  it('groups, categories, funding, rebalances, bills, and the sliding details pane at 390px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await signUp(page, stack);

    // Money in the Funding Pool: an offline account's starting balance of 1,000.00.
    await openThousandInThePool(page, stack.url);

    // A group, then two categories in it; they sit one level (25px) under the group.
    await addFromMenu(page, 'Group');
    const groupDialog = page.getByTestId('group-dialog');
    await groupDialog.getByLabel('Name').fill(GROUP);
    await screenshot(page, 'group-dialog');
    await saveDialog(groupDialog);
    await page.getByTestId('category-list').getByRole('button', { name: new RegExp(`^${GROUP}`) }).waitFor();
    await addCategory(page, 'Vacation');
    await addCategory(page, 'Weekend');
    // 12px of padding plus 25px per level.
    expect(await listEntry(page, 'Vacation').getAttribute('style')).toContain('padding-left: 37px');

    // Fund both from the Funding Pool: Vacation with its percentage split (100 % Funding Pool).
    await page.getByRole('button', { name: 'Fund', exact: true }).click();
    const funding = page.getByTestId('funding-dialog');
    await typeAmount(funding.getByLabel(`Amount for ${GROUP}:Vacation`), '200');
    await typeAmount(funding.getByLabel(`Amount for ${GROUP}:Weekend`), '100');
    await funding.getByRole('button', { name: new RegExp(`^Funding categories for ${GROUP}:Vacation`) }).click();
    const sources = funding.getByTestId(/^funding-categories-/);
    expect(await sources.getByRole('button', { name: /Row 1 in percent/ }).textContent()).toBe('%');
    expect(await sources.getByTestId('funding-category-amount').inputValue()).toBe('100.00');
    expect(await sources.getByRole('button', { name: 'Remove funding category 1' }).isDisabled()).toBe(true);
    await sources.getByRole('button', { name: '+ Add Funding Category' }).click();
    expect(await sources.getByTestId('funding-category-row').count()).toBe(2);
    await sources.getByRole('button', { name: 'Remove funding category 2' }).click();
    expect(await sources.getByTestId('funding-category-row').count()).toBe(1);
    await funding.getByTestId('funding-total').filter({ hasText: '300.00' }).waitFor();
    await screenshot(page, 'funding-dialog');
    await saveDialog(funding);
    await expectListAmount(page, 'Vacation', '200.00');
    await expectListAmount(page, 'Weekend', '100.00');
    await expectListAmount(page, 'Funding Pool', '700.00');
    await page.getByTestId('category-list').getByRole('button', { name: new RegExp(`^${GROUP}`) }).filter({ hasText: '300.00' }).waitFor();

    // A balanced rebalance between the two categories.
    const balanced = await rebalance(page, { Vacation: '-25', Weekend: '25' });
    expect(await balanced.getByTestId('rebalance-sum').textContent()).toContain('0.00');
    await screenshot(page, 'rebalance-dialog');
    await saveDialog(balanced);
    await expectListAmount(page, 'Vacation', '175.00');
    await expectListAmount(page, 'Weekend', '125.00');

    // An unbalanced one is refused by the server with its message.
    const unbalanced = await rebalance(page, { Vacation: '-10', Weekend: '5' });
    await unbalanced.getByRole('button', { name: 'Save' }).click();
    await unbalanced.getByText('The sum of the adjustments must be zero.').waitFor();
    await screenshot(page, 'rebalance-unbalanced');
    await unbalanced.getByRole('button', { name: 'Cancel' }).click();
    await unbalanced.waitFor({ state: 'detached' });

    // The Category Transfers register (rebalances and transfers) names the row a Category Transfer
    // and opens it as one: what left Vacation on the From side, what reached Weekend on the To side.
    await page.getByTestId('category-transfers').click();
    await page.waitForURL('**/home/rebalances');
    const rows = page.getByTestId('rebalances-register').getByTestId('register-row');
    await rows.filter({ hasText: 'Category Transfer' }).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.filter({ hasText: 'Category Rebalance' }).count()).toBe(0);
    await screenshot(page, 'rebalances-register');
    await rows.filter({ hasText: 'Category Transfer' }).click();
    const editing = page.getByTestId('transfer-dialog');
    await editing.getByRole('heading', { name: 'Edit Category Transfer' }).waitFor();
    expect(await editing.getByRole('combobox', { name: 'From category 1' }).inputValue()).toContain('Vacation');
    expect(await editing.getByLabel('From amount 1').inputValue()).toBe('25.00');
    expect(await editing.getByRole('combobox', { name: 'To category 1' }).inputValue()).toContain('Weekend');
    expect(await editing.getByLabel('To amount 1').inputValue()).toBe('25.00');
    // The To amount follows the From amount.
    await typeAmount(editing.getByLabel('From amount 1'), '30');
    await expect.poll(() => editing.getByLabel('To amount 1').inputValue()).toBe('30.00');
    await saveDialog(editing);
    await expectListAmount(page, 'Vacation', '170.00');

    // A category transfer from the Funding Pool (the default From line) to Vacation: the To amount fills itself.
    await page.getByRole('button', { name: 'New Transfer' }).click();
    const transfer = page.getByTestId('transfer-dialog');
    await typeAmount(transfer.getByLabel('From amount 1'), '10');
    await transfer.getByRole('combobox', { name: 'To category 1' }).fill('vacation');
    await transfer.getByRole('combobox', { name: 'To category 1' }).press('Enter');
    await expect.poll(() => transfer.getByLabel('To amount 1').inputValue()).toBe('10.00');
    await screenshot(page, 'transfer-dialog');
    await saveDialog(transfer);
    await expectListAmount(page, 'Vacation', '180.00');
    await expectListAmount(page, 'Funding Pool', '690.00');
    await rows.nth(1).waitFor();

    // Deleting a group that holds categories is refused with a clear message.
    await page.getByTestId('category-list').getByRole('button', { name: new RegExp(`^${GROUP}`) }).click();
    const editGroup = page.getByTestId('group-dialog');
    await editGroup.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await editGroup.getByText('Unable to delete the group because it contains one or more categories').waitFor();
    await screenshot(page, 'group-has-children');
    await editGroup.getByRole('button', { name: 'Cancel' }).click({ timeout: 5000 });

    // A renamed category is re-inserted in name order.
    await page.getByTestId('category-list').getByRole('button', { name: 'Edit Weekend' }).click();
    const renaming = page.getByTestId('category-dialog');
    await renaming.getByLabel('Name').fill('Adventures');
    await saveDialog(renaming);
    await listEntry(page, 'Adventures').waitFor();
    const order = await page.getByTestId('category-list').getByRole('link').allTextContents();
    expect(order.findIndex((t) => t.startsWith('Adventures'))).toBeLessThan(order.findIndex((t) => t.startsWith('Vacation')));

    // A bill appears in /bills.
    await addFromMenu(page, 'Bill');
    const bill = page.getByTestId('category-dialog');
    await bill.getByLabel('Name').fill('Rent');
    await typeAmount(bill.getByLabel('Amount due'), '1200');
    await bill.getByLabel('Group', { exact: true }).selectOption({ label: GROUP });
    await screenshot(page, 'bill-dialog');
    await saveDialog(bill);
    await screenshot(page, 'home-list');
    await page.getByTestId('category-list').getByRole('button', { name: 'Edit Vacation' }).click();
    await screenshot(page, 'category-dialog');
    await page.getByTestId('category-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Bills' }).click();
    const rent = page.getByRole('grid', { name: 'Bills' }).getByRole('row').filter({ hasText: 'Rent' });
    await rent.waitFor();
    expect(await rent.textContent()).toContain('1,200.00');
    expect(await rent.textContent()).toMatch(/\d{2}\/01\/\d{2}/);
    expect(await rent.textContent()).toContain('Monthly');
    await screenshot(page, 'bills');

    // At 390px the list slides the details pane in from the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/home`);
    await listEntry(page, 'Vacation').waitFor();
    const pane = page.locator('.ui-list-detail__detail');
    expect(await pane.isVisible()).toBe(false);
    await screenshot(page, 'mobile-list');
    await listEntry(page, 'Vacation').click();
    await page.locator('.ui-list-detail--open').waitFor();
    // The slide has finished when the pane's left edge meets the list's.
    // (Polled by evaluation: waitForFunction compiles its text in the page, which the app's CSP forbids.)
    await expect
      .poll(() => page.evaluate<boolean>("(() => { const d = document.querySelector('.ui-list-detail__detail'); return d !== null && Math.abs(d.getBoundingClientRect().left - d.parentElement.getBoundingClientRect().left) < 1; })()"), { timeout: 30_000 })
      .toBe(true);
    expect(await pane.isVisible()).toBe(true);
    expect(await pane.getByRole('heading', { name: `${GROUP}:Vacation` }).isVisible()).toBe(true);
    await screenshot(page, 'mobile-detail');
    await pane.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/home');

    // Each dialog at 390px, for the screenshots.
    await tourDialogs(page);
    await context.close();
  });
});
