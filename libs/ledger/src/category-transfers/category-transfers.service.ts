import { Inject, Injectable } from '@nestjs/common';
import { EventWriter, type Caller } from '@budget/platform';
import { transactionStream, type TransactionEvent } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { decideChangeCategoryTransfer, type ChangeCategoryTransfer } from './domain/change-category-transfer.decide.js';
import { decideRecordCategoryTransfer, type RecordCategoryTransfer } from './domain/record-category-transfer.decide.js';
import type { TransferContext, TransferLine } from './domain/transfer-lines.js';

export type CategoryTransferInput = Omit<RecordCategoryTransfer, 'transactionId'>;

/** Funding, rebalances and category transfers: load, decide, append, wait for the read models. */
@Injectable()
export class CategoryTransfersService {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  private async context(userId: string, lines: readonly TransferLine[]): Promise<TransferContext> {
    const ids = lines.flatMap((l) => [l.categoryId, ...(l.fundingCategories ?? []).map((f) => f.categoryId)]).filter((id): id is string => !!id);
    const existing = await this.lookups.existingCategories(userId, ids);
    return { categoryExists: (id) => existing.has(id) };
  }

  /** Records it; returns its id and the categories whose balances moved. */
  async record(caller: Caller, input: CategoryTransferInput): Promise<{ transactionId: string; categories: string[] }> {
    const transactionId = this.writer.newId();
    const events = decideRecordCategoryTransfer({ ...input, transactionId }, foldTransaction([]), await this.context(caller.userId, input.lines));
    await this.writer.settle(await this.writer.append(transactionStream(transactionId), events, 'no_stream', caller));
    return { transactionId, categories: events.flatMap((e) => e.data.splits.map((s) => s.categoryId)) };
  }

  /** Replaces its date and splits; returns the categories of the old and the new splits. */
  async change(caller: Caller, transactionId: string, input: ChangeCategoryTransfer): Promise<{ categories: string[] }> {
    await this.lookups.transactionOwned(caller.userId, transactionId);
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const state = foldTransaction(loaded.events);
    const events = decideChangeCategoryTransfer(input, state, await this.context(caller.userId, input.lines));
    await this.writer.settle(await this.writer.append(stream, events, loaded.revision, caller));
    return { categories: [...state.splits, ...(events[0]?.data.changes.splits?.to ?? [])].map((s) => s.categoryId) };
  }
}
