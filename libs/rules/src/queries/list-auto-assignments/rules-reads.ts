import { Inject, Injectable } from '@nestjs/common';
import type { AutoAssignmentBody, AutoAssignmentView, ListedAutoAssignmentView } from '@budget/contracts';
import { dollarsFromCents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { ruleConditionsOf, sortRules, type Rule, type RuleCategory, type RuleConditions, type RuleDraft } from '../../domain/index.js';

/** A rule's application as the read model keeps it. */
export type ApplicationRow = ListedAutoAssignmentView['applications'][number];

/** A rule in the wire's shape: rows numbered from 1, amounts in dollars or percent. */
export function ruleView(rule: Rule): AutoAssignmentView {
  return {
    id: rule.id,
    name: rule.name,
    searchStrings: rule.searchStrings,
    categories: rule.categories.map((row: RuleCategory, index) => ({ id: index + 1, categoryId: row.categoryId, amount: dollarsFromCents(row.amount), percentage: row.percentage })),
    // The conditions besides "name contains", only when set (docs/architecture.md §4.5).
    ...(rule.nameMatch === 'equals' && { nameMatch: 'equals' as const }),
    ...((rule.amountMin !== undefined || rule.amountMax !== undefined) && {
      amount: { min: rule.amountMin === undefined ? null : dollarsFromCents(rule.amountMin), max: rule.amountMax === undefined ? null : dollarsFromCents(rule.amountMax) },
    }),
    ...(rule.accountIds && rule.accountIds.length > 0 && { accountIds: rule.accountIds }),
  };
}

/** A POST or PATCH body (or a preview's query) as the decider's draft: the amount's bounds in cents. */
export function ruleDraft(body: Omit<AutoAssignmentBody, 'amount'> & { amount?: AutoAssignmentBody['amount']; amountMin?: number | undefined; amountMax?: number | undefined }): RuleDraft {
  return {
    name: body.name,
    searchStrings: body.searchStrings,
    categories: body.categories,
    nameMatch: body.nameMatch,
    amountMin: body.amount?.min ?? body.amountMin ?? null,
    amountMax: body.amount?.max ?? body.amountMax ?? null,
    accountIds: body.accountIds,
  };
}

/** A rule as the list shows it: with its applications ("apply to existing"), oldest first. */
export const listedRuleView = (rule: Rule & { applications: ApplicationRow[] }): ListedAutoAssignmentView => ({ ...ruleView(rule), applications: rule.applications });

/** What the rules context reads: its read model, and the user's categories (ownership of rows). */
@Injectable()
export class RulesReads {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(userId: string): Promise<(Rule & { applications: ApplicationRow[] })[]> {
    const { rows } = await this.pool.query<{ id: string; name: string; search_strings: string[]; categories: RuleCategory[]; conditions: RuleConditions; applications: ApplicationRow[] }>(
      'SELECT id, name, search_strings, categories, conditions, applications FROM rules_auto_assignments WHERE user_id = $1',
      [userId],
    );
    return sortRules(rows.map((r) => ({ id: r.id, name: r.name, searchStrings: r.search_strings, categories: r.categories, ...ruleConditionsOf(r.conditions), applications: r.applications })));
  }

  async one(userId: string, ruleId: string): Promise<(Rule & { applications: ApplicationRow[] }) | null> {
    return (await this.list(userId)).find((rule) => rule.id === ruleId) ?? null;
  }

  /**
   * The user's category ids and the Unassigned one. The category tree is the budget's read model;
   * like the ledger's lookups, this reads its ids by the user (docs/architecture.md, contexts).
   */
  async categories(userId: string): Promise<{ ids: Set<string>; unassigned: string }> {
    const { rows } = await this.pool.query<{ id: string; type: string }>('SELECT id, type FROM budget_categories WHERE user_id = $1', [userId]);
    const unassigned = rows.find((r) => r.type === 'UNASSIGNED')?.id;
    if (!unassigned) throw new Error(`user ${userId} has no Unassigned category`);
    return { ids: new Set(rows.map((r) => r.id)), unassigned };
  }

  /** The user's account ids (a rule's account condition names only these), read like the categories. */
  async accounts(userId: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE user_id = $1', [userId]);
    return new Set(rows.map((r) => r.id));
  }
}
