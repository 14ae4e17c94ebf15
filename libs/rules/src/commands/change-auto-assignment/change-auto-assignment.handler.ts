import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ruleDraft, RulesReads, ruleView } from '../../queries/list-auto-assignments/rules-reads.js';
import { RulesCommands } from '../rules-commands.js';
import { ChangeAutoAssignmentCommand } from './change-auto-assignment.command.js';

/** Decide `ChangeAutoAssignment` (another user's rule is not found), append, answer the bare rule (server-behaviour §4.5). */
@CommandHandler(ChangeAutoAssignmentCommand)
export class ChangeAutoAssignmentHandler implements ICommandHandler<ChangeAutoAssignmentCommand> {
  constructor(
    @Inject(RulesCommands) private readonly commands: RulesCommands,
    @Inject(RulesReads) private readonly reads: RulesReads,
  ) {}

  async execute({ userId, ruleId, body }: ChangeAutoAssignmentCommand) {
    await this.commands.run({ userId }, { type: 'ChangeAutoAssignment', ruleId, fields: ruleDraft(body) });
    const rule = await this.reads.one(userId, ruleId);
    if (!rule) throw new Error(`rule ${ruleId} was changed but is not in the read model`);
    return ruleView(rule);
  }
}
