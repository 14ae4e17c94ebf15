import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UndoTransactionsByRule, type RouteResponse, type undoAutoAssignmentApplication } from '@budget/contracts';
import { EventWriter, type Caller } from '@budget/platform';
import { decideUndoApplication, foldRules, isRulesEvent, rulesStream, type RulesEvent } from '../../domain/index.js';
import { UndoAutoAssignmentApplicationCommand } from './undo-auto-assignment-application.command.js';

/**
 * Undo of an "apply to existing": the application's record (`AutoAssignmentApplied`) names the
 * rows, the ledger puts back into Unassigned, in ONE write with the actor `rule:<id>`, those that
 * still carry the rule's splits (`UndoTransactionsByRule`), and the rules stream records
 * `AutoAssignmentApplicationUndone` at the revision the decision was made on, so a racing second
 * undo loses and is refused.
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
    const loaded = await this.writer.load<RulesEvent>(stream, { userId }, 'Auto-assignment', false);
    const events = loaded.events.filter(isRulesEvent);
    const transactionIds = decideUndoApplication(events, foldRules(events).has(ruleId), ruleId, applicationId);
    const restored = await this.commands.execute<UndoTransactionsByRule, string[]>(new UndoTransactionsByRule(userId, ruleId, transactionIds));
    const skipped = transactionIds.length - restored.length;
    const undone: RulesEvent = { type: 'AutoAssignmentApplicationUndone', data: { ruleId, applicationId, transactionIds: restored, skipped } };
    await this.writer.settle({ userId }, await this.writer.append(stream, [undone], loaded.revision, caller));
    return { data: { restored: restored.length, skipped } };
  }
}
