import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MatchAutoAssignments, type AutoAssignmentMatch } from '@budget/contracts';
import { EventWriter } from '@budget/platform';
import { foldRules, isRulesEvent, ruleMatcher, rulesStream, splitByRule, type RulesEvent } from '../../domain/index.js';

/**
 * The rules' public query for the ledger's imports (and later the bank sync): the user's rules
 * are read once for the whole batch, from their stream (not the read model, which may lag with an
 * asynchronous projector), and every row is matched and split (rule 5).
 */
@QueryHandler(MatchAutoAssignments)
export class MatchAutoAssignmentsHandler implements IQueryHandler<MatchAutoAssignments, (AutoAssignmentMatch | null)[]> {
  constructor(@Inject(EventWriter) private readonly writer: EventWriter) {}

  async execute({ userId, rows }: MatchAutoAssignments): Promise<(AutoAssignmentMatch | null)[]> {
    if (rows.length === 0) return [];
    const loaded = await this.writer.load<RulesEvent>(rulesStream(userId), { userId }, 'Auto-assignment', false);
    const rules = foldRules(loaded.events.filter(isRulesEvent));
    if (rules.size === 0) return rows.map(() => null);
    const matcher = ruleMatcher(rules.values());
    return rows.map((row) => {
      const { amountCents } = row;
      const found = matcher.match(row);
      if (!found || amountCents === 0) return null;
      return {
        ruleId: found.rule.id,
        ruleName: found.rule.name,
        searchString: found.searchString,
        splits: splitByRule(amountCents, found.rule.categories).map((s) => ({ categoryId: s.categoryId, amountCents: s.amount })),
      };
    });
  }
}
