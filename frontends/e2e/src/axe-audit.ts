import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './budget-steps.js';
import { networkQuiet } from './network-quiet.js';

/**
 * The axe-core audit of the a11y e2e specs (docs/architecture.md §9): WCAG 2.1 A/AA and axe's best
 * practices; a critical, serious or moderate violation fails, minor findings are printed.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING = new Set(['critical', 'serious', 'moderate']);

export interface Finding {
  where: string;
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Puts axe-core into the page through the DevTools protocol (an evaluation, not a script tag): the
 * app's Content-Security-Policy allows no inline script, and the audit must see the page as served.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource);
}

/** Runs axe over the whole document as it stands; answers its violations, labelled `where`. */
export async function audit(page: Page, where: string): Promise<Finding[]> {
  await networkQuiet(page);
  await injectAxe(page);
  const result = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} } })
    .then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })) }))`)) as { passes: number; violations: Omit<Finding, 'where'>[] };
  // axe really looked at the page: rules passed on it.
  expect(result.passes, where).toBeGreaterThan(5);
  return result.violations.map((finding) => ({ where, ...finding }));
}

/**
 * Opens a dialog (or menu, or popover) the way a user does, audits the page with it open, then
 * closes it (Escape unless `close` is given) and waits until it is gone. `target` is a test id or
 * the element itself. With E2E_SCREENSHOTS set, each open dialog is saved there too.
 */
export async function auditDialog(page: Page, where: string, target: string | Locator, open: () => Promise<void>, close?: () => Promise<void>): Promise<Finding[]> {
  await open();
  const dialog = typeof target === 'string' ? page.getByTestId(target) : target;
  await dialog.waitFor();
  const found = await audit(page, `${where} dialog`);
  await screenshot(page, `a11y ${where}`);
  if (close) await close();
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return found;
}

/** Prints every finding and fails on the critical, serious and moderate ones. */
export function expectNoFailing(findings: readonly Finding[]): void {
  console.log(`axe findings (${findings.length}):\n${findings.map((f) => `${f.impact} ${f.id} @ ${f.where}: ${f.help} — ${f.nodes.join(' | ')}`).join('\n')}`);
  expect(findings.filter((f) => FAILING.has(f.impact ?? '')).map((f) => `${f.impact} ${f.id} @ ${f.where}: ${f.nodes.join(' | ')}`)).toEqual([]);
}

/** An accounts toolbar action: a button on a desktop, an item of the Actions… menu on a phone. */
export async function accountsAction(page: Page, label: string, phone: boolean): Promise<void> {
  if (!phone) return page.getByRole('button', { name: label }).click();
  await page.getByTestId('account-actions').getByRole('button', { name: 'Actions…' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** An entry of the Home toolbar's Add… menu. */
export async function homeAdd(page: Page, item: string): Promise<void> {
  await page.getByTestId('add-menu').getByRole('button', { name: 'Add…' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
