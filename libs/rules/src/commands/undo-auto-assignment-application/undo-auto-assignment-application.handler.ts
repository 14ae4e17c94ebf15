import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UndoTransactionsByRule, type RouteResponse, type undoAutoAssignmentApplication } from '@budget/contracts';
import { EventWriter, type Caller } from '@budget/platform';
import {
  alreadyUndone, applicationStream, decideUndoApplication, foldRules, isRulesEvent, rulesStream,
  type AutoAssignmentApplicationPlanned, type RuleApplication, type RulesEvent,
} from '../../domain/index.js';
import { UndoAutoAssignmentApplicationCommand } from './undo-auto-assignment-application.command.js';

/**
 * Undo of an "apply to existing", exactly once by construction, as the apply:
 * 1. The undo is recorded FIRST (`AutoAssignmentApplicationUndone`, at the revision the decision
 *    was made on, so a racing second undo loses and is refused), once the ledger has checked the
 *    step (`checkOnly`): a refusal (the balance bound's 422) records nothing.
 * 2. The ledger step is driven from the application's plan (`UndoTransactionsByRule`, one
 *    write, actor `rule:<id>`): the rows that application assigned and that still carry its
 *    splits go back to Unassigned, each marked with the application, so running it again changes
 *    nothing. A retry with the same Idempotency-Key decides on the stream as it was before its
 *    own record, appends nothing new and answers the same.
 * A new request for an application undone already completes that undo's ledger step (a crash may
 * have cut it short; the rows' marks make it change nothing otherwise) and is refused with a 422
 * on `applicationId`.
 */
@CommandHandler(UndoAutoAssignmentApplicationCommand)
export class UndoAutoAssignmentApplicationHandler implements ICommandHandler<UndoAutoAssignmentApplicationCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ userId, ruleId, applicationId }: UndoAutoAssignmentApplicationCommand): Promise<RouteResponse<typeof undoAutoAssignmentApplication>> {
    const stream = rulesStream(userId);
    const caller: Caller = { userId, actor: `rule:${ruleId}` };
    const { application, event, transactionIds, position } = await this.writer.retrying(async () => {
      const loaded = await this.writer.load<RulesEvent>(stream, { userId }, 'Auto-assignment', false);
      const events = loaded.events.filter(isRulesEvent);
      const decided = decideUndoApplication(events, foldRules(events).has(ruleId), ruleId, applicationId);
      const transactionIds = await this.rowsOf(decided.application, userId);
      if (!decided.event) return { ...decided, transactionIds, position: null };
      // The ledger's refusals (the balance bound's 422) come before the record: a refused undo records nothing.
      await this.commands.execute(new UndoTransactionsByRule(userId, ruleId, transactionIds, applicationId, decided.application.legacy, true));
      const position = await this.writer.append(stream, [decided.event], loaded.revision, caller);
      return { ...decided, transactionIds, position };
    });
    const { legacy } = application;
    // An application recorded before its rows were marked was undone after the fact: nothing to complete.
    if (!event && legacy) throw alreadyUndone();
    const restored = await this.commands.execute<UndoTransactionsByRule, string[]>(new UndoTransactionsByRule(userId, ruleId, transactionIds, applicationId, legacy));
    if (!event) throw alreadyUndone();
    await this.writer.settle({ userId }, position);
    return { data: { restored: restored.length, skipped: new Set(transactionIds).size - restored.length } };
  }

  /** The rows of an application: its plan's (its own stream), or those a legacy record lists. */
  private async rowsOf(application: RuleApplication, userId: string): Promise<string[]> {
    if (application.legacy) return application.transactionIds;
    const { events } = await this.writer.load<AutoAssignmentApplicationPlanned>(applicationStream(application.id), { userId }, 'Auto-assignment', false);
    return events.find((e) => e.type === 'AutoAssignmentApplicationPlanned')?.data.rows.map((r) => r.transactionId) ?? [];
  }
}
