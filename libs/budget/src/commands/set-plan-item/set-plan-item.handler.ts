import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BudgetReads } from '../../queries/list-groups/budget-reads.js';
import { BudgetCommands } from '../budget-commands.js';
import { SetPlanItemCommand } from './set-plan-item.command.js';

/** Load the budget, decide `SetPlanItem`, append, answer the bare category. */
@CommandHandler(SetPlanItemCommand)
export class SetPlanItemHandler implements ICommandHandler<SetPlanItemCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(BudgetReads) private readonly reads: BudgetReads,
  ) {}

  async execute({ userId, categoryId, body }: SetPlanItemCommand) {
    const { amount: fundingAmount, useGoal, goalDate, recurrence } = body;
    await this.commands.run({ userId }, { type: 'SetPlanItem', categoryId, fundingAmount, useGoal, goalDate, recurrence, today: this.commands.today() });
    const category = await this.reads.category(userId, categoryId);
    if (!category) throw new Error(`category ${categoryId} was planned but is not in the read model`);
    return category;
  }
}
