import type { previewAutoAssignment, RouteResponse } from '@budget/contracts';
import { moneyDisplay, wireCents } from '@budget/web';

/** A rule's preview as the server answers it (every Unassigned row, the moves of those in the budget). */
export type RulePreviewData = RouteResponse<typeof previewAutoAssignment>['data'];

const money = (dollars: number) => moneyDisplay(wireCents(dollars)).text;
const signed = (dollars: number) => `${dollars > 0 ? '+' : ''}${money(dollars)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 transactions are dated before their account's start date: …", or null when none is. */
export function outsideNote(outside: number): string | null {
  if (outside === 0) return null;
  return `${outside} of them ${outside === 1 ? 'is' : 'are'} dated before ${outside === 1 ? 'its' : 'their'} account's start date: ${outside === 1 ? 'it takes' : 'they take'} the rule's categories but ${outside === 1 ? 'moves' : 'move'} no balance.`;
}

/** The preview's status line: how many rows an apply would change, how many are listed, how many are outside the budget. */
export function previewStatus(preview: RulePreviewData): string {
  if (preview.count === 0) return 'No Unassigned transaction matches this rule.';
  const shown = preview.count > preview.matches.length ? ` (the newest ${preview.matches.length} shown)` : '';
  const head = `${plural(preview.count, 'Unassigned transaction')} match${preview.count === 1 ? 'es' : ''} this rule${shown}.`;
  const outside = outsideNote(preview.outsideBudget);
  return outside ? `${head} ${outside}` : head;
}

/**
 * What "Apply to Existing" asks before it writes, with the figures the apply will produce (the
 * preview plans exactly as the apply does): how many rows, how each balance moves, and how many
 * of the rows lie outside the budget.
 */
export function applyConfirmation(preview: RulePreviewData, ruleName: string, categoryName: (id: string) => string): string {
  const moves = preview.balances.map((b) => `${categoryName(b.categoryId)} ${signed(b.change)} (to ${money(b.after)})`);
  const head = `Assign ${plural(preview.count, 'Unassigned transaction')} with the rule "${ruleName}"?`;
  const moved = moves.length > 0 ? ` Balances move: ${moves.join('; ')}.` : ' No balance moves.';
  const outside = outsideNote(preview.outsideBudget);
  return `${head}${moved}${outside ? ` ${outside}` : ''}`;
}
