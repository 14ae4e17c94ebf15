import { Inject, Injectable } from '@nestjs/common';
import { providerError } from '../http/provider-errors.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { PlaidItemStore, type PlaidItem } from './plaid-item-store.js';

/** Plaid's answers that mean the item is already gone: nothing left to remove there. */
const ALREADY_GONE = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

/**
 * `/item/remove` at Plaid, then the item's row (and sealed token) goes. Any other Plaid failure is
 * a 502 and the row stays, so the caller can try again rather than leave a live item whose token
 * we no longer hold.
 */
@Injectable()
export class ItemRemoval {
  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
  ) {}

  async remove(item: PlaidItem): Promise<void> {
    const accessToken = await this.items.accessToken(item.itemId);
    await this.plaid
      .as({ userId: item.userId, itemId: item.itemId })
      .itemRemove({ access_token: accessToken })
      .catch((error: unknown) => {
        if (error instanceof PlaidCallError && ALREADY_GONE.has(error.errorCode)) return;
        throw providerError(error);
      });
    await this.items.remove(item.itemId);
  }
}
