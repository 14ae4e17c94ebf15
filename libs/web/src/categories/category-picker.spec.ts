import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessForSpec, type HarnessPage } from '../testing/harness-page.testing.js';

/**
 * The category picker (spec §2 "Category picker") driven by keyboard and mouse in Chromium, inside
 * the app's Radix dialog: category-picker.harness.tsx bundled by Vite, served from memory. The chunk
 * holding React Aria's combobox can be held back to type before it arrives.
 */
const harness = harnessForSpec(new URL('./category-picker.harness.tsx', import.meta.url), 'http://picker.test');

/** A fresh page with the dialog open; `hold` keeps the combobox's chunk back until its promise's release is called. */
async function open(options: { value?: string; hold?: boolean; width?: number } = {}): Promise<HarnessPage> {
  const opened = await harness().open({
    ...(options.value ? { query: `value=${options.value}` } : {}),
    ...(options.hold ? { hold: 'CategoryComboBox.js' } : {}),
    ...(options.width ? { width: options.width } : {}),
  });
  await opened.page.getByTestId('dialog').waitFor();
  if (!options.hold) await opened.page.locator('.ui-picker[data-rac]').first().waitFor();
  return opened;
}

const box = (page: Page, row = 1) => page.getByRole('combobox', { name: `Category ${row}`, exact: true });
const list = (page: Page) => page.getByRole('listbox', { name: 'Categories', exact: true });
const chosen = (page: Page) => page.evaluate(() => window.chosen);
const shownOptions = (page: Page) => list(page).getByRole('option').allTextContents();
/** The option the box points at (aria-activedescendant), by its text. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

describe('category picker in a dialog', { timeout: 30_000 }, () => {
  it('names the box by its label, the list "Categories", its options by their text, groups as sections', async () => {
    const { page } = await open();
    await box(page).click();
    await list(page).waitFor();
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    // The panel round the list is no dialog of its own (only the transaction dialog is one) and takes no focus.
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.locator('.ui-picker__panel').evaluate((el) => [el.getAttribute('role'), el.getAttribute('tabindex')])).toEqual(['presentation', null]);
    expect(await page.getByText('Category 1', { exact: true }).getAttribute('class')).toBe('ui-visually-hidden');
    expect(await shownOptions(page)).toEqual(['Unassigned', 'Funding Pool', 'Reserve', 'Account Transfer', 'Books', 'Dining Out', 'Groceries', 'Cake', 'Food Storage']);
    expect(await list(page).getByRole('group', { name: 'Food', exact: true }).getByRole('option').allTextContents()).toEqual(['Dining Out', 'Groceries']);
    expect(await list(page).getByRole('group', { name: 'Treats', exact: true }).getByRole('option').allTextContents()).toEqual(['Cake']);
    expect(await list(page).getByRole('group', { name: 'Home', exact: true }).getByRole('option').allTextContents()).toEqual(['Food Storage']);
    // 24px more indent per level (spec §9).
    const pad = (text: string) => list(page).getByRole('option', { name: text, exact: true }).evaluate((el) => getComputedStyle(el).paddingLeft);
    expect([await pad('Books'), await pad('Groceries'), await pad('Cake')]).toEqual(['12px', '36px', '60px']);
    await page.close();
  });

  it("filters by 'group:category' parts and says when nothing matches", async () => {
    const { page } = await open();
    await box(page).click();
    await page.keyboard.type('fo:gro');
    await expect.poll(() => shownOptions(page)).toEqual(['Groceries']);
    await box(page).fill('food');
    await expect.poll(() => shownOptions(page)).toEqual(['Dining Out', 'Groceries', 'Cake', 'Food Storage']);
    await box(page).fill('xyz');
    await list(page).getByText('No matching categories').waitFor();
    await page.keyboard.press('Escape');
    await list(page).waitFor({ state: 'detached' });
    expect(await box(page).inputValue()).toBe('');
    expect(await chosen(page)).toEqual([]);
    expect(await page.getByTestId('dialog').isVisible()).toBe(true);
    await page.close();
  });

  it('confirms the first match with Enter, shows its path, and keeps the dialog open', async () => {
    const { page } = await open();
    await box(page).click();
    await page.keyboard.type('groc');
    await expect.poll(() => highlighted(page)).toBe('Groceries');
    await page.keyboard.press('Enter');
    await list(page).waitFor({ state: 'detached' });
    expect(await box(page).inputValue()).toBe('Food:Groceries');
    expect(await chosen(page)).toEqual(['20']);
    expect(await page.getByTestId('dialog').isVisible()).toBe(true);
    await page.close();
  });

  it('cancels with Escape: the list closes, the box shows the category again, the dialog stays; a second Escape closes the dialog', async () => {
    const { page } = await open({ value: '21' });
    await box(page).click();
    expect(await box(page).getAttribute('placeholder')).toBe('Food:Dining Out');
    await page.keyboard.type('cake');
    await expect.poll(() => highlighted(page)).toBe('Cake');
    await page.keyboard.press('Escape');
    await list(page).waitFor({ state: 'detached' });
    expect(await box(page).inputValue()).toBe('Food:Dining Out');
    expect(await page.getByTestId('dialog').isVisible()).toBe(true);
    expect(await chosen(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByText('Dialog closed').waitFor();
    await page.close();
  });

  it('confirms with Tab what was typed and moves on; tabbing past changes nothing', async () => {
    const { page } = await open();
    /** Whether the focus is in the box labelled "Category <row>". */
    const focusedIs = (row: number) =>
      page.evaluate((name) => document.activeElement?.getAttribute('aria-labelledby') === [...document.querySelectorAll('label')].find((l) => l.textContent === name)?.id, `Category ${row}`);
    await box(page).click();
    await page.keyboard.press('Tab');
    expect(await focusedIs(2)).toBe(true);
    expect(await chosen(page)).toEqual([]);
    // The open list hides the rest of the dialog from assistive technology: close it first.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIs(1)).toBe(true);
    await page.keyboard.type('dini');
    await expect.poll(() => highlighted(page)).toBe('Dining Out');
    await page.keyboard.press('Tab');
    expect(await focusedIs(2)).toBe(true);
    expect(await chosen(page)).toEqual(['21']);
    await page.keyboard.press('Escape');
    expect(await box(page).inputValue()).toBe('Food:Dining Out');
    await page.close();
  });

  it('moves with the arrows past group headings, starting from the current category', async () => {
    const { page } = await open({ value: '30' });
    await box(page).click();
    await expect.poll(() => highlighted(page)).toBe('Books');
    await page.keyboard.press('ArrowDown');
    expect(await highlighted(page)).toBe('Dining Out');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await highlighted(page)).toBe('Account Transfer');
    await page.keyboard.press('Enter');
    expect(await box(page).inputValue()).toBe('Account Transfer');
    expect(await chosen(page)).toEqual(['12']);
    await page.close();
  });

  it('chooses with the mouse', async () => {
    const { page } = await open();
    await box(page).click();
    await list(page).getByRole('option', { name: 'Cake', exact: true }).click();
    expect(await box(page).inputValue()).toBe('Food:Treats:Cake');
    expect(await chosen(page)).toEqual(['22']);
    await page.close();
  });

  it('shows the error under the field, the box marked invalid and described by it', async () => {
    const { page } = await open();
    // The dialog put the focus in the first picker, which opened its list: close it.
    await page.keyboard.press('Escape');
    const second = box(page, 2);
    expect(await second.getAttribute('aria-invalid')).toBe('true');
    const described = await second.getAttribute('aria-describedby');
    const texts = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''), described ?? '');
    expect(texts).toContain('Choose a category');
    expect(await box(page, 1).getAttribute('aria-invalid')).toBeNull();
    await page.close();
  });

  it('keeps what was typed before React Aria arrived and opens the list on it', async () => {
    const { page, release } = await open({ hold: true });
    await box(page).click();
    await page.keyboard.type('gro');
    expect(await box(page).inputValue()).toBe('gro');
    release();
    await list(page).waitFor();
    await page.keyboard.type('c');
    await expect.poll(() => box(page).inputValue()).toBe('groc');
    await expect.poll(() => highlighted(page)).toBe('Groceries');
    await page.keyboard.press('Enter');
    expect(await box(page).inputValue()).toBe('Food:Groceries');
    await page.close();
  });

  it('fits a 390px phone: the list stays inside the screen', async () => {
    const { page } = await open({ width: 390 });
    await box(page).click();
    await list(page).waitFor();
    const panel = await page.locator('.ui-picker__panel').boundingBox();
    expect(panel).not.toBeNull();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
    expect(panel!.width).toBeGreaterThanOrEqual(200);
    await page.close();
  });
});
