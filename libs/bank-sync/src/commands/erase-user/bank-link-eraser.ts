import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import { BANK_SYNC_QUEUE } from '../../sync/sync-queue.js';
import { ItemRemoval } from '../../items/item-removal.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { ProviderLog } from '../../provider-log/provider-log.js';

/**
 * Account deletion (identity's `USER_ERASERS`): every item of the user is removed at Plaid with its
 * sealed token (server-behaviour §4.1 DELETE /user calls `item/remove` too) and its sync jobs
 * leave the job outbox, then the user's
 * provider-log rows go. A Plaid failure stops here (502): the account stays and a second delete
 * finishes the job.
 */
@Injectable()
export class BankLinkEraser {
  constructor(
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(ItemRemoval) private readonly removal: ItemRemoval,
    @Inject(ProviderLog) private readonly log: ProviderLog,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async eraseUser(userId: string): Promise<void> {
    for (const item of await this.items.listByUser(userId)) {
      await this.removal.remove(item);
      // Its sync jobs in the job outbox name the item (id and payload): a copy in the queue finds no item and is skipped.
      await this.pool.query(`DELETE FROM job_outbox WHERE queue = $1 AND (strpos(id, $2) > 0 OR data->>'itemId' = $2)`, [BANK_SYNC_QUEUE, item.itemId]);
    }
    await this.log.eraseUser(userId);
  }
}
