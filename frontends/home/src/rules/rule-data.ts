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
