import type { ListedAutoAssignmentView } from '@budget/contracts';
import { moneyDisplay, wireCents, type CategoryTree } from '@budget/web';

/** A rule as the list gives it, with its applications ("apply to existing"), oldest first. */
export type Rule = ListedAutoAssignmentView;

/** "Groceries 100%, Fuel 12.50": where a rule sends the money. */
export function ruleTargets(rule: Pick<Rule, 'categories'>, tree: CategoryTree | null | undefined): string {
  return rule.categories
    .map(({ categoryId, amount, percentage }) => {
      const name = tree?.categories.get(categoryId)?.path ?? `#${categoryId}`;
      return `${name} ${percentage ? `${amount}%` : moneyDisplay(wireCents(amount)).text}`;
    })
    .join(', ');
}

/**
 * What a rule looks for, as the list shows it (docs/architecture.md §4.5): its search strings
 * ("= coffee" when the name must equal one), then its amount and account conditions.
 */
export function ruleConditionsText(rule: Pick<Rule, 'searchStrings' | 'nameMatch' | 'amount' | 'accountIds'>): string {
  const parts = rule.searchStrings.map((s) => (rule.nameMatch === 'equals' ? `= ${s}` : s));
  const { amount } = rule;
  if (amount) {
    const text = (dollars: number) => moneyDisplay(wireCents(dollars)).text;
    if (amount.min !== null && amount.min === amount.max) parts.push(`amount ${text(amount.min)}`);
    else if (amount.min !== null && amount.max !== null) parts.push(`amount ${text(amount.min)} to ${text(amount.max)}`);
    else if (amount.min !== null) parts.push(`amount ≥ ${text(amount.min)}`);
    else if (amount.max !== null) parts.push(`amount ≤ ${text(amount.max)}`);
  }
  const accounts = rule.accountIds?.length ?? 0;
  if (accounts > 0) parts.push(`${accounts} account${accounts === 1 ? '' : 's'}`);
  return parts.join(', ');
}
