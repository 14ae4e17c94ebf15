import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnlinkOnlineInstitution } from '@budget/contracts';
import { providerError } from '../../http/provider-errors.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { PlaidCallError } from '../../plaid/plaid-call-error.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';

/** Plaid's answers that mean the item is already gone: nothing left to remove there. */
const ALREADY_GONE = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

/**
 * `/item/remove` for the user's item behind an institution about to be deleted, then its row (and
 * sealed token) goes. Any other Plaid failure is a 502 and nothing is deleted, so the user can try
 * again rather than leave a live item whose token we no longer hold.
 */
@CommandHandler(UnlinkOnlineInstitution)
export class UnlinkInstitutionHandler implements ICommandHandler<UnlinkOnlineInstitution> {
  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
  ) {}

  async execute({ userId, institutionId }: UnlinkOnlineInstitution): Promise<void> {
    const item = await this.items.findByInstitution(userId, institutionId);
    if (!item) return;
    const accessToken = await this.items.accessToken(item.itemId);
    await this.plaid
      .as({ userId, itemId: item.itemId })
      .itemRemove({ access_token: accessToken })
      .catch((error: unknown) => {
        if (error instanceof PlaidCallError && ALREADY_GONE.has(error.errorCode)) return;
        throw providerError(error);
      });
    await this.items.remove(item.itemId);
  }
}
