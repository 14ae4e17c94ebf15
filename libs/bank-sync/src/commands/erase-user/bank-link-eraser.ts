import { Inject, Injectable } from '@nestjs/common';
import { ItemRemoval } from '../../items/item-removal.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { ProviderLog } from '../../provider-log/provider-log.js';

/**
 * Account deletion (identity's `USER_ERASERS`): every item of the user is removed at Plaid with its
 * sealed token (server-behaviour §4.1 DELETE /user calls `item/remove` too), then the user's
 * provider-log rows go. A Plaid failure stops here (502): the account stays and a second delete
 * finishes the job.
 */
@Injectable()
export class BankLinkEraser {
  constructor(
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(ItemRemoval) private readonly removal: ItemRemoval,
    @Inject(ProviderLog) private readonly log: ProviderLog,
  ) {}

  async eraseUser(userId: string): Promise<void> {
    for (const item of await this.items.listByUser(userId)) await this.removal.remove(item);
    await this.log.eraseUser(userId);
  }
}
