import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, PG_POOL, type Pool, type WriteAppend } from '@budget/platform';
import { decideReviewTransaction } from '../../domain/review-transaction.decide.js';
import { transactionStream } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { loadRows } from '../auto-assign/load-rows.js';
import { ownedRows } from './owned-rows.js';
import { ReviewTransactionsCommand } from './review-transactions.command.js';

/**
 * Decides the review mark on every row's stream and appends them as one write (all or nothing):
 * any id that is not the caller's is 404 before anything is decided.
 */
export async function decideReviews(writer: EventWriter, userId: string, ids: readonly string[], reviewed: boolean): Promise<{ appends: WriteAppend[]; changed: string[] }> {
  const loaded = await loadRows(writer, { userId }, ids);
  const appends: WriteAppend[] = [];
  const changed: string[] = [];
  for (const id of ids) {
    const row = loaded.get(id)!;
    const events = decideReviewTransaction(foldTransaction(row.events), reviewed);
    if (events.length === 0) continue;
    appends.push({ stream: transactionStream(id), events, expectedRevision: row.revision });
    changed.push(id);
  }
  return { appends, changed };
}

@CommandHandler(ReviewTransactionsCommand)
export class ReviewTransactionsHandler implements ICommandHandler<ReviewTransactionsCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  execute({ userId, transactionIds, reviewed }: ReviewTransactionsCommand) {
    const ids = [...new Set(transactionIds)];
    return this.writer.retrying(async () => {
      await ownedRows(this.pool, userId, ids);
      const { appends, changed } = await decideReviews(this.writer, userId, ids, reviewed);
      await this.writer.settle({ userId }, await this.writer.appendMany(appends, { userId }));
      return { data: { changed } };
    });
  }
}
