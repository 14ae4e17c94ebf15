import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { findGroup } from '../../queries/list-groups/list-groups.query.js';
import { BudgetCommands } from '../budget-commands.js';
import { AddGroupCommand } from './add-group.command.js';

/** Load the budget, decide `AddGroup`, append, answer the new group from the read model. */
@CommandHandler(AddGroupCommand)
export class AddGroupHandler implements ICommandHandler<AddGroupCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ userId, body }: AddGroupCommand) {
    const groupId = this.commands.newId();
    await this.commands.run({ userId }, { type: 'AddGroup', groupId, name: body.name ?? '', parentGroupId: body.parentGroupId ?? null });
    const group = await findGroup(this.pool, userId, groupId);
    if (!group) throw new Error(`group ${groupId} was added but is not in the read model`);
    return { data: group };
  }
}
