import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The category picker (spec §2 "Category picker") driven by keyboard and mouse in Chromium, inside
 * the app's Radix dialog: category-picker.harness.tsx bundled by Vite, served from memory. The chunk
 * holding React Aria's combobox can be held back to type before it arrives.
 */
const ORIGIN = 'http://picker.test';
let files: Map<string, { body: string | Uint8Array; type: string }>;
let browser: Browser;

beforeAll(async () => {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('.', import.meta.url)),
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: fileURLToPath(new URL('./category-picker.harness.tsx', import.meta.url)),
        output: { entryFileNames: '[name].js', chunkFileNames: '[name].js', assetFileNames: '[name][extname]' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  files = new Map();
  for (const item of outputs.flatMap((output) => output.output)) {
    const css = item.fileName.endsWith('.css');
    files.set(`/${item.fileName}`, { body: item.type === 'chunk' ? item.code : item.source, type: css ? 'text/css' : 'text/javascript' });
  }
  const styles = [...files.keys()].filter((name) => name.endsWith('.css')).map((name) => `<link rel="stylesheet" href="${name}">`);
  files.set('/', { body: `<!doctype html><html><head>${styles.join('')}</head><body><div id="root"></div><script type="module" src="/category-picker.harness.js"></script></body></html>`, type: 'text/html' });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A fresh page with the dialog open; `hold` keeps the combobox's chunk back until its promise's release is called. */
async function open(options: { value?: string; hold?: boolean; width?: number } = {}): Promise<{ page: Page; release: () => void }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1024, height: 768 } });
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = files.get(path);
    if (!file) return route.fulfill({ status: 404 });
    if (options.hold && path === '/CategoryComboBox.js') await held;
    return route.fulfill({ status: 200, contentType: file.type, body: typeof file.body === 'string' ? file.body : Buffer.from(file.body) });
  });
  await page.goto(`${ORIGIN}/${options.value ? `?value=${options.value}` : ''}`);
  await page.getByTestId('dialog').waitFor();
  if (!options.hold) await page.locator('.ui-picker[data-rac]').first().waitFor();
  return { page, release };
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
