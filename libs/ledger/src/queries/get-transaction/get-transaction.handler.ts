import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerViews } from '../transaction-view.js';
import { GetTransactionQuery } from './get-transaction.query.js';

@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery> {
  constructor(@Inject(LedgerViews) private readonly views: LedgerViews) {}

  execute({ userId, transactionId }: GetTransactionQuery) {
    return this.views.transaction(userId, transactionId);
  }
}
