import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { LedgerCategoryInUse } from '@budget/contracts';
import { BudgetCommands } from '../budget-commands.js';
import { DeleteCategoryCommand } from './delete-category.command.js';

/**
 * Ask the ledger whether transactions use the category (its public query `LedgerCategoryInUse`),
 * then load the budget, decide `DeleteCategory`, append.
 */
@CommandHandler(DeleteCategoryCommand)
export class DeleteCategoryHandler implements ICommandHandler<DeleteCategoryCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId, groupId, categoryId }: DeleteCategoryCommand): Promise<void> {
    const inUse = await this.queries.execute<LedgerCategoryInUse, boolean>(new LedgerCategoryInUse(userId, categoryId));
    await this.commands.run({ userId }, { type: 'DeleteCategory', categoryId, groupId, inUse });
  }
}
