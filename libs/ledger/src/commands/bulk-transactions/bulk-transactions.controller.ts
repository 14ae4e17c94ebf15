import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { bulkTransactions } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { BulkTransactionsCommand } from './bulk-transactions.command.js';

/** POST /api/v1/transactions/bulk {action, ids, categoryId?}: `{data: {changed, categories, acctBalances}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class BulkTransactionsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(bulkTransactions, BulkTransactionsCommand)
  bulk(@CurrentUserId() userId: string, @Input(bulkTransactions) { body }: CheckedInput<typeof bulkTransactions>) {
    return this.commands.execute(new BulkTransactionsCommand(userId, body.action, body.ids, body.categoryId));
  }
}
