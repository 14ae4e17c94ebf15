import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { transactionStream } from '../../../domain/transaction.events.js';
import { foldTransaction } from '../../../domain/transaction.state.js';
import { ensureWithinBalanceBound, prefetchBalances } from '../../../commands/balance-bound.js';
import { LedgerLookups } from '../../../queries/ledger-lookups.js';
import { LedgerViews } from '../../../queries/transaction-view.js';
import { decideRecordCategoryTransfer } from '../../domain/record-category-transfer.decide.js';
import { namedCategories, transferAnswer, transferCategoryIds, transferContext, transferLines } from '../transfer-input.js';
import { RecordCategoryTransferCommand } from './record-category-transfer.command.js';

/**
 * Decide on a new `transaction-<id>` stream, append, wait for the read models, answer the touched
 * balances and the transaction. A funding of all 0.00 is decided into nothing: the answer is the
 * current balances of the categories it names and `transaction: null`.
 */
@CommandHandler(RecordCategoryTransferCommand)
export class RecordCategoryTransferHandler implements ICommandHandler<RecordCategoryTransferCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, body }: RecordCategoryTransferCommand) {
    const transactionId = this.writer.newId();
    const lines = transferLines(body);
    const command = { transactionId, type: body.type, date: body.date, comment: body.comment ?? null, lines };
    // The balances the bound checks are read alongside the categories the decider needs.
    const balances = prefetchBalances(this.lookups, userId, [], transferCategoryIds(lines));
    const events = decideRecordCategoryTransfer(command, foldTransaction([]), await transferContext(this.lookups, userId, lines));
    await ensureWithinBalanceBound(this.lookups, userId, 'categories', [{ before: foldTransaction([]), events }], balances);
    // Nothing recorded (a funding of all 0.00): the named categories' balances, and no transaction.
    const recorded = events.length > 0;
    const categories = recorded ? events.flatMap((e) => e.data.splits.map((s) => s.categoryId)) : namedCategories(lines);
    return this.writer.appendThenRead(transactionStream(transactionId), events, 'no_stream', { userId }, (db) =>
      transferAnswer(this.views, userId, categories, recorded ? transactionId : null, db),
    );
  }
}
