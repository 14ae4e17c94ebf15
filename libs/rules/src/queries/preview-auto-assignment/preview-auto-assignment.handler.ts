import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PREVIEW_MATCHES, type previewAutoAssignment, type RouteResponse } from '@budget/contracts';
import { dollarsFromCents } from '@budget/money';
import { ruleFields } from '../../domain/index.js';
import { ruleDraft, RulesReads } from '../list-auto-assignments/rules-reads.js';
import { PreviewAutoAssignmentQuery } from './preview-auto-assignment.query.js';
import { RulePreview } from './rule-preview.js';

/**
 * The draft checked as a rule would be (422 on a bad field), then run over every Unassigned row as
 * an apply would run it (`RulePreview.run`); nothing is written.
 */
@QueryHandler(PreviewAutoAssignmentQuery)
export class PreviewAutoAssignmentHandler implements IQueryHandler<PreviewAutoAssignmentQuery, RouteResponse<typeof previewAutoAssignment>> {
  constructor(
    @Inject(RulesReads) private readonly reads: RulesReads,
    @Inject(RulePreview) private readonly preview: RulePreview,
  ) {}

  async execute({ userId, draft }: PreviewAutoAssignmentQuery): Promise<RouteResponse<typeof previewAutoAssignment>> {
    const [categories, accounts] = await Promise.all([this.reads.categories(userId), (draft.accountIds?.length ?? 0) > 0 ? this.reads.accounts(userId) : new Set<string>()]);
    const rule = ruleFields(ruleDraft({ ...draft, name: 'draft' }), {
      categoryExists: (id) => categories.ids.has(id),
      unassignedCategoryId: categories.unassigned,
      accountExists: (id) => accounts.has(id),
    });
    const { matches, moves } = await this.preview.run(userId, rule, categories.unassigned);
    return {
      data: {
        count: matches.length,
        outsideBudget: matches.filter((m) => !m.row.counted).length,
        matches: matches.slice(0, PREVIEW_MATCHES).map(({ row, searchString, splits }) => ({
          transactionId: row.transactionId, date: row.date, name: row.name, amount: dollarsFromCents(row.amountCents), searchString,
          splits: splits.map((s) => ({ categoryId: s.categoryId, amount: dollarsFromCents(s.amount) })),
          inBudget: row.counted,
        })),
        balances: await this.preview.balances(userId, moves),
      },
    };
  }
}
