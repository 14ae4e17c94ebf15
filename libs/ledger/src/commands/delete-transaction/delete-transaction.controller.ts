import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteTransaction } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { DeleteTransactionCommand } from './delete-transaction.command.js';

/** DELETE /api/v1/transaction/{id}[?unlock=statement]: `{data: {categories, acctBalances}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class DeleteTransactionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteTransaction, DeleteTransactionCommand)
  remove(@CurrentUserId() userId: string, @Input(deleteTransaction) { params, query }: CheckedInput<typeof deleteTransaction>) {
    return this.commands.execute(new DeleteTransactionCommand(userId, params.id, query.unlock === 'statement'));
  }
}
