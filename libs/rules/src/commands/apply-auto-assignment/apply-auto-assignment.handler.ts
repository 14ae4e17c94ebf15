import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AssignTransactionsByRule, type applyAutoAssignment, type RouteResponse } from '@budget/contracts';
import { EVENT_STORE, EventWriter, type Caller, type EventStore } from '@budget/platform';
import {
  applicationStream, balanceMoves, foldRules, isRulesEvent, rulesStream, RuleNotFound,
  type AutoAssignmentApplicationPlanned, type AutoAssignmentApplied, type RulesEvent,
} from '../../domain/index.js';
import { RulesReads } from '../../queries/list-auto-assignments/rules-reads.js';
import { RulePreview } from '../../queries/preview-auto-assignment/rule-preview.js';
import { ApplyAutoAssignmentCommand } from './apply-auto-assignment.command.js';

/**
 * "Apply to existing", exactly once by construction:
 * 1. The application is recorded FIRST, in ONE write: its plan — the rows the rule claims among
 *    ALL the Unassigned transactions (planned as the preview plans, `RulePreview.run`) with each
 *    row's splits — as the only event of its own stream `rule-application-<id>` (expecting no
 *    stream), and `AutoAssignmentApplied` in the rules stream. Before that the ledger checks the
 *    step (`checkOnly`): a refusal (the balance bound's 422) records nothing.
 * 2. The ledger step is driven from the plan (`AssignTransactionsByRule`, one write, actor
 *    `rule:<id>`); each row it changes notes the application, so running it again changes nothing.
 * A retry with the same Idempotency-Key (after a 202, or a crash anywhere in between) names the
 * same application (its id is derived from the key), finds its plan, and drives the ledger step
 * from it again — never from the read models, which by then show the rows assigned — so it
 * assigns nothing twice and answers what the first run answered.
 */
@CommandHandler(ApplyAutoAssignmentCommand)
export class ApplyAutoAssignmentHandler implements ICommandHandler<ApplyAutoAssignmentCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RulesReads) private readonly reads: RulesReads,
    @Inject(RulePreview) private readonly preview: RulePreview,
  ) {}

  async execute({ userId, ruleId }: ApplyAutoAssignmentCommand): Promise<RouteResponse<typeof applyAutoAssignment>> {
    const stream = rulesStream(userId);
    // Drawn first: in a keyed request every run of the request names the same application.
    const applicationId = this.writer.newId();
    const planStream = applicationStream(applicationId);
    const caller: Caller = { userId, actor: `rule:${ruleId}` };
    const { unassigned } = await this.reads.categories(userId);
    const earlier = await this.planned(planStream, userId);
    const { plan, position } = await this.writer.retrying(async () => {
      const loaded = await this.writer.load<RulesEvent>(stream, { userId }, 'Auto-assignment', false);
      let plan = earlier;
      if (!plan) {
        const rule = foldRules(loaded.events.filter(isRulesEvent)).get(ruleId);
        if (!rule) throw new RuleNotFound();
        const { matches } = await this.preview.run(userId, rule, unassigned);
        if (matches.length === 0) return { plan: null, position: null };
        const rows = matches.map(({ row, searchString, splits }) => ({ transactionId: row.transactionId, searchString, splits, counted: row.counted }));
        plan = { type: 'AutoAssignmentApplicationPlanned', data: { ruleId, applicationId, ruleName: rule.name, rows } };
        // The ledger's refusals (the balance bound's 422) come before the record: a refused apply records nothing.
        await this.commands.execute(this.ledgerStep(userId, plan, true));
      }
      const applied: AutoAssignmentApplied = { type: 'AutoAssignmentApplied', data: { ruleId, applicationId, date: this.writer.today(), count: plan.data.rows.length } };
      // A retry appends its record again: the store knows the events' ids and appends nothing, and
      // the ids drawn after them are the ones the first run drew.
      const position = await this.writer.appendMany(
        [
          { stream: planStream, events: [plan], expectedRevision: 'no_stream' },
          { stream, events: [applied], expectedRevision: loaded.revision },
        ],
        caller,
      );
      return { plan, position };
    });
    if (!plan) return { data: { assigned: 0, outsideBudget: 0, applicationId: null, balances: [] } };
    const assigned = new Set(await this.commands.execute<AssignTransactionsByRule, string[]>(this.ledgerStep(userId, plan, false)));
    await this.writer.settle({ userId }, position);
    // The rows' amounts are their splits' sum (a rule's splits always sum to the amount).
    const done = plan.data.rows
      .filter((r) => assigned.has(r.transactionId))
      .map((r) => ({ row: { ...r, date: '', name: '', amountCents: r.splits.reduce((sum, s) => sum + s.amount, 0) }, searchString: r.searchString, splits: r.splits }));
    const moves = balanceMoves(done, unassigned);
    return {
      data: {
        assigned: done.length,
        outsideBudget: done.filter((d) => !d.row.counted).length,
        applicationId,
        balances: await this.preview.balances(userId, moves, true),
      },
    };
  }

  /** The ledger step of a recorded application, driven from its plan alone. */
  private ledgerStep(userId: string, { data }: AutoAssignmentApplicationPlanned, checkOnly: boolean): AssignTransactionsByRule {
    return new AssignTransactionsByRule(
      userId,
      { id: data.ruleId, name: data.ruleName },
      data.rows.map((r) => ({ transactionId: r.transactionId, searchString: r.searchString, splits: r.splits.map((s) => ({ categoryId: s.categoryId, amountCents: s.amount })) })),
      data.applicationId,
      checkOnly,
    );
  }

  /**
   * This request's plan when an earlier run of it recorded one. Read from the store itself:
   * `EventWriter.load` ends a keyed retry's stream before its own earlier events.
   */
  private async planned(stream: string, userId: string): Promise<AutoAssignmentApplicationPlanned | null> {
    const [found] = await this.store.readStream(stream);
    if (!found || found.metadata.userId !== userId || found.type !== 'AutoAssignmentApplicationPlanned') return null;
    return { type: 'AutoAssignmentApplicationPlanned', data: found.data as AutoAssignmentApplicationPlanned['data'] };
  }
}
