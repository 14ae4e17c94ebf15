import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { editTransaction } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { EditTransactionCommand } from './edit-transaction.command.js';

/** PATCH /api/v1/transaction/{id}[?unlock=statement] {version, ...changes}: `{data: {transaction, categories, acctBalances, statement?}}`; stale: 409. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class EditTransactionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(editTransaction, EditTransactionCommand)
  edit(@CurrentUserId() userId: string, @Input(editTransaction) { params, body, query }: CheckedInput<typeof editTransaction>) {
    return this.commands.execute(new EditTransactionCommand(userId, params.id, body, query.unlock === 'statement'));
  }
}
