import { EventWriter, PostgresProjectionWaiter, uuidGenerator } from '@budget/platform';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { CategoryTransfersService } from '../category-transfers.service.js';

/**
 * The ledger testbed (real PostgreSQL, real event store, in-process projector) plus the category
 * transfers service wired the way the API wires it.
 */
export class TransfersTestbed {
  private constructor(
    readonly bed: LedgerTestbed,
    readonly transfers: CategoryTransfersService,
    private readonly waiter: PostgresProjectionWaiter,
  ) {}

  static async start(label = 'transfers'): Promise<TransfersTestbed> {
    const bed = await LedgerTestbed.start(label);
    const waiter = new PostgresProjectionWaiter({ connectionString: bed.db.url, timeoutMs: 15_000 });
    const writer = new EventWriter(bed.store, bed.clock, uuidGenerator, waiter);
    return new TransfersTestbed(bed, new CategoryTransfersService(writer, bed.lookups), waiter);
  }

  async stop(): Promise<void> {
    await this.waiter.close();
    await this.bed.stop();
  }
}
