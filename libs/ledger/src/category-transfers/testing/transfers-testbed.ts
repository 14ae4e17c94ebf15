import type { CategoryTransferBody } from '@budget/contracts';
import { EventWriter, PostgresProjectionWaiter, uuidGenerator } from '@budget/platform';
import { LedgerViews } from '../../queries/transaction-view.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { ChangeCategoryTransferHandler } from '../commands/change-category-transfer/change-category-transfer.handler.js';
import { RecordCategoryTransferHandler } from '../commands/record-category-transfer/record-category-transfer.handler.js';
import type { TransferLine, TransferType } from '../domain/transfer-lines.js';

/** A checked POST/PATCH body (what the contract hands a handler) from lines in cents. */
export function transferBody(type: TransferType, date: string, lines: readonly TransferLine[], version?: number): CategoryTransferBody {
  return {
    type,
    date,
    comment: null,
    version,
    categories: lines.map((line) => ({
      categoryId: line.categoryId,
      amount: line.amount,
      comment: line.comment ?? null,
      baseAmount: line.baseAmount,
      funder: line.funder,
      fundingCategories: line.fundingCategories,
      includeFundingTransfers: line.includeFundingTransfers,
    })),
  };
}

/**
 * The ledger testbed (real PostgreSQL, real event store, in-process projector) plus the category
 * transfers' command handlers wired the way the API wires them.
 */
export class TransfersTestbed {
  private constructor(
    readonly bed: LedgerTestbed,
    readonly record: RecordCategoryTransferHandler,
    readonly change: ChangeCategoryTransferHandler,
    private readonly waiter: PostgresProjectionWaiter,
  ) {}

  static async start(label = 'transfers'): Promise<TransfersTestbed> {
    const bed = await LedgerTestbed.start(label);
    const waiter = new PostgresProjectionWaiter({ connectionString: bed.db.url, timeoutMs: 15_000 });
    const writer = new EventWriter(bed.store, bed.clock, uuidGenerator, waiter, bed.db.pool);
    const views = new LedgerViews(bed.db.pool);
    return new TransfersTestbed(bed, new RecordCategoryTransferHandler(writer, bed.lookups, views), new ChangeCategoryTransferHandler(writer, bed.lookups, views), waiter);
  }

  async stop(): Promise<void> {
    await this.waiter.close();
    await this.bed.stop();
  }
}
