import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnlinkOnlineInstitution } from '@budget/contracts';
import { ItemRemoval } from '../../items/item-removal.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';

/**
 * Before the ledger deletes an institution: the user's item behind it is removed at Plaid and its
 * row goes (a Plaid failure: 502, nothing deleted). Offline, unknown or another user's: nothing.
 */
@CommandHandler(UnlinkOnlineInstitution)
export class UnlinkInstitutionHandler implements ICommandHandler<UnlinkOnlineInstitution> {
  constructor(
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(ItemRemoval) private readonly removal: ItemRemoval,
  ) {}

  async execute({ userId, institutionId }: UnlinkOnlineInstitution): Promise<void> {
    const item = await this.items.findByInstitution(userId, institutionId);
    if (item) await this.removal.remove(item);
  }
}
