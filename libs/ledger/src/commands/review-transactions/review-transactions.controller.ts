import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { reviewTransactions } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ReviewTransactionsCommand } from './review-transactions.command.js';

/** POST /api/v1/transactions/review {ids, reviewed}: `{data: {changed}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ReviewTransactionsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(reviewTransactions, ReviewTransactionsCommand)
  review(@CurrentUserId() userId: string, @Input(reviewTransactions) { body }: CheckedInput<typeof reviewTransactions>) {
    return this.commands.execute(new ReviewTransactionsCommand(userId, body.ids, body.reviewed));
  }
}
