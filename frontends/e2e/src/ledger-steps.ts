import type { Locator, Page } from 'playwright-core';

/** Screen steps of the ledger e2e test, named as a person would say them. */

export interface OfflineFields {
  institution: string;
  account: string;
  balance: string;
  startDate: string;
}

/** Fills and sends the open Add Offline Institution dialog; answers the new account's id. */
export async function fillOfflineInstitution(page: Page, fields: OfflineFields): Promise<string> {
  const dialog = page.getByTestId('offline-institution-dialog');
  await dialog.getByLabel('Institution Name').fill(fields.institution);
  await dialog.getByLabel('Account Name').fill(fields.account);
  await dialog.getByLabel('Balance').fill(fields.balance);
  await dialog.getByLabel('Start Date').fill(fields.startDate);
  await dialog.getByRole('button', { name: 'Add Institution' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL(/\/accounts\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

export async function addOfflineInstitution(page: Page, fields: OfflineFields): Promise<string> {
  await page.getByRole('button', { name: 'Add Offline Institution' }).click();
  return fillOfflineInstitution(page, fields);
}

/** Types into the focused field key by key, as a person does (so '=' opens the equation popover). */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.page().keyboard.type(text);
}

/** Chooses a category in split row `row` (1-based) by typing part of its name and pressing Enter. */
export async function pickCategory(dialog: Locator, row: number, typed: string): Promise<void> {
  await typeInto(dialog.getByRole('combobox', { name: `Category ${row}` }), typed);
  await dialog.page().keyboard.press('Enter');
}

/** Replaces what an amount field holds. */
export async function setAmount(dialog: Locator, label: string, amount: string): Promise<void> {
  await dialog.getByRole('textbox', { name: label, exact: true }).fill(amount);
}

/** The register row showing `name`. */
export const registerRow = (page: Page, name: string) => page.getByTestId('register-row').filter({ hasText: name });

/** The text of the amount shown in an element (".ui-amount"). */
export async function amountIn(element: Locator): Promise<string> {
  return (await element.locator('.ui-amount').first().textContent())?.trim() ?? '';
}

/** Imports a bank file through the Import OFX or Import CSV dialog's file picker. */
export async function chooseFile(page: Page, label: string, name: string, text: string, mimeType: string): Promise<void> {
  await page.getByLabel(label).setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
}

export interface StatementFields {
  startDate: string;
  endDate: string;
  startingBalance: string;
  endingBalance: string;
}

/** Creates a statement from the Statements tab; it becomes the selected one. */
export async function createStatement(page: Page, fields: StatementFields): Promise<void> {
  await page.getByRole('tab', { name: 'Statements' }).click();
  await page.getByRole('button', { name: 'New Statement' }).click();
  const dialog = page.getByTestId('statement-dialog');
  await dialog.getByLabel('Start Date').fill(fields.startDate);
  await dialog.getByLabel('End Date').fill(fields.endDate);
  await dialog.getByLabel('Starting Balance').fill(fields.startingBalance);
  await dialog.getByLabel('Ending Balance').fill(fields.endingBalance);
  await dialog.getByRole('button', { name: 'Create Statement' }).click();
  await dialog.waitFor({ state: 'detached' });
}
