import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AssignTransactionsByRule, type applyAutoAssignment, type RouteResponse } from '@budget/contracts';
import { EventWriter } from '@budget/platform';
import { foldRules, isRulesEvent, rulesStream, RuleNotFound, type RulesEvent } from '../../domain/index.js';
import { RulesReads } from '../../queries/list-auto-assignments/rules-reads.js';
import { RulePreview } from '../../queries/preview-auto-assignment/rule-preview.js';
import { ApplyAutoAssignmentCommand } from './apply-auto-assignment.command.js';

/**
 * "Apply to existing": the rule run over the Unassigned transactions (as its preview), the
 * ledger asked to assign the matches in ONE write with the actor `rule:<id>`
 * (`AssignTransactionsByRule`), then the rule's stream records which transactions it assigned
 * (`AutoAssignmentApplied`), the entry an undo will start from.
 */
@CommandHandler(ApplyAutoAssignmentCommand)
export class ApplyAutoAssignmentHandler implements ICommandHandler<ApplyAutoAssignmentCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RulesReads) private readonly reads: RulesReads,
    @Inject(RulePreview) private readonly preview: RulePreview,
  ) {}

  async execute({ userId, ruleId }: ApplyAutoAssignmentCommand): Promise<RouteResponse<typeof applyAutoAssignment>> {
    const stream = rulesStream(userId);
    const loaded = await this.writer.load<RulesEvent>(stream, { userId }, 'Auto-assignment', false);
    const rule = foldRules(loaded.events.filter(isRulesEvent)).get(ruleId);
    if (!rule) throw new RuleNotFound();
    const { unassigned } = await this.reads.categories(userId);
    const { matches } = await this.preview.run(userId, rule, unassigned);
    const assigned = await this.commands.execute<AssignTransactionsByRule, string[]>(
      new AssignTransactionsByRule(
        userId,
        { id: rule.id, name: rule.name },
        matches.map((m) => ({ transactionId: m.row.transactionId, searchString: m.searchString, splits: m.splits.map((s) => ({ categoryId: s.categoryId, amountCents: s.amount })) })),
      ),
    );
    const done = new Set(assigned);
    const moves = new Map<string, number>();
    for (const m of matches.filter((x) => done.has(x.row.transactionId))) {
      moves.set(unassigned, (moves.get(unassigned) ?? 0) - m.row.amountCents);
      for (const s of m.splits) moves.set(s.categoryId, (moves.get(s.categoryId) ?? 0) + s.amount);
    }
    const applicationId = assigned.length > 0 ? this.writer.newId() : null;
    if (applicationId) {
      const applied: RulesEvent = { type: 'AutoAssignmentApplied', data: { ruleId, applicationId, date: this.writer.today(), transactionIds: assigned } };
      await this.writer.settle({ userId }, await this.writer.append(stream, [applied], 'any', { userId, actor: `rule:${ruleId}` }));
    }
    const changed = [...moves].filter(([, cents]) => cents !== 0).map(([categoryId, change]) => ({ categoryId, change }));
    return { data: { assigned: assigned.length, applicationId, balances: await this.preview.balances(userId, changed, true) } };
  }
}
