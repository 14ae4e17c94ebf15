import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { dollarsFromCents } from '@budget/money';
import { EVENT_STORE, type EventStore } from '@budget/platform';
import { transactionStream } from '../../domain/transaction.events.js';
import { LedgerViews } from '../transaction-view.js';
import { GetTransactionQuery } from './get-transaction.query.js';
import { typedAmountOf } from './typed-amount.js';

/**
 * The caller's row (another user's is 404). A row new because the bank's amount differed from the
 * typed one also carries `typedAmount`, read from its own stream (docs/architecture.md §9 "The
 * tipped bill, shown"): only such a row's read touches the log.
 */
@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery> {
  constructor(
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ userId, transactionId }: GetTransactionQuery) {
    const view = await this.views.transaction(userId, transactionId);
    if (view.newReason !== 'amount') return view;
    const typed = typedAmountOf(await this.store.readStream(transactionStream(transactionId)));
    return typed === null ? view : { ...view, typedAmount: dollarsFromCents(typed) };
  }
}
