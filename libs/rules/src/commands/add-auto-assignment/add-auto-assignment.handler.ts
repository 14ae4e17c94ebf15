import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ruleDraft, RulesReads, ruleView } from '../../queries/list-auto-assignments/rules-reads.js';
import { RulesCommands } from '../rules-commands.js';
import { AddAutoAssignmentCommand } from './add-auto-assignment.command.js';

/** Decide `AddAutoAssignment` with a new id, append, answer the bare rule as stored (server-behaviour §4.5). */
@CommandHandler(AddAutoAssignmentCommand)
export class AddAutoAssignmentHandler implements ICommandHandler<AddAutoAssignmentCommand> {
  constructor(
    @Inject(RulesCommands) private readonly commands: RulesCommands,
    @Inject(RulesReads) private readonly reads: RulesReads,
  ) {}

  async execute({ userId, body }: AddAutoAssignmentCommand) {
    const ruleId = this.commands.newId();
    await this.commands.run({ userId }, { type: 'AddAutoAssignment', ruleId, fields: ruleDraft(body) });
    const rule = await this.reads.one(userId, ruleId);
    if (!rule) throw new Error(`rule ${ruleId} was added but is not in the read model`);
    return ruleView(rule);
  }
}
