import { z } from 'zod';
import { idSchema, moneyDisplay, readList, wireCents, type CategoryTree } from '@budget/web';

const ruleSchema = z.object({
  id: idSchema,
  name: z.string(),
  searchStrings: z.array(z.string()),
  categories: z.array(
    z.object({ categoryId: idSchema, amount: z.union([z.number(), z.string()]), percentage: z.boolean() }),
  ),
});

export type Rule = z.infer<typeof ruleSchema>;

/** GET /api/v1/auto-assignments: the rules, bare or in a data wrapper. */
export const readRules = (body: unknown) => readList(ruleSchema, body);

/** "Groceries 100%, Fuel 12.50": where a rule sends the money. */
export function ruleTargets(rule: Rule, tree: CategoryTree | null | undefined): string {
  return rule.categories
    .map(({ categoryId, amount, percentage }) => {
      const name = tree?.categories.get(categoryId)?.path ?? `#${categoryId}`;
      return `${name} ${percentage ? `${amount}%` : moneyDisplay(wireCents(amount)).text}`;
    })
    .join(', ');
}
