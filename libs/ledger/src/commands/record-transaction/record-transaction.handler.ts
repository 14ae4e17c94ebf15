import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { decideRecordAccountTransaction } from '../../domain/record-transaction.decide.js';
import { transactionStream } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { contextOf, splitsFrom } from '../transaction-context.js';
import { RecordTransactionCommand } from './record-transaction.command.js';

/** Decide the manual entry (rules 8 and 9), append it as a new stream; answer it with the balances it moved. */
@CommandHandler(RecordTransactionCommand)
export class RecordTransactionHandler implements ICommandHandler<RecordTransactionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, accountId, body }: RecordTransactionCommand) {
    const splits = splitsFrom(body.categories ?? []);
    // The account, the categories, the system categories and the balances the bound reads: one statement.
    const found = await this.lookups.entryContext(userId, accountId, splits.flatMap((s) => (typeof s.categoryId === 'string' ? [s.categoryId] : [])));
    const { account } = found;
    const context = contextOf(account, found.existing, found.system);
    const balances = Promise.resolve(found.known);
    const transactionId = this.writer.newId();
    const events = decideRecordAccountTransaction(
      {
        transactionId, kind: 'manual', accountId: account.id, date: body.date, name: body.name, amount: body.amount,
        principle: body.principle ?? null, comment: body.comment ?? null, splits, provider: 'NONE', providerTransactionId: null, pending: false,
      },
      foldTransaction([]),
      context,
    );
    await ensureWithinBalanceBound(this.lookups, userId, 'amount', [{ before: foldTransaction([]), events }], balances);
    const [categories, transaction, acctBalances] = await this.writer.appendThenRead(transactionStream(transactionId), events, 'no_stream', { userId }, (db) =>
      Promise.all([
        this.views.categoryBalances(userId, events.flatMap((e) => e.data.splits.map((s) => s.categoryId)), false, db),
        this.views.transaction(userId, transactionId, false, db),
        this.views.accountBalances(userId, [account.id], db),
      ]),
    );
    return { categories, transaction, acctBalances };
  }
}
