import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addAccount, LinkOnlineAccounts, OpenOnlineAccounts, type RouteResponse } from '@budget/contracts';
import { CLOCK, NotFound, PG_POOL, ValidationFailed, withTransaction, type Clock, type Pool } from '@budget/platform';
import { providerError } from '../../http/provider-errors.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { firstOfMonth } from '../../plaid/balances.js';
import { accountToOpen } from '../../plaid/online-accounts.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';
import { BankSyncRequests } from '../../sync/sync-requests.js';

/**
 * POST /institution/{id}/accounts online `{plaidAccounts, startDate}` (product-spec §7; the
 * original refused it): the caller's linked institution (another user's, or an offline one: 404),
 * the picked accounts as Plaid describes them now, opened in the ledger with their balances.
 */
@CommandHandler(LinkOnlineAccounts)
export class LinkAccountsHandler implements ICommandHandler<LinkOnlineAccounts> {
  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BankSyncRequests) private readonly syncs: BankSyncRequests,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ userId, institutionId, plaidAccounts, startDate }: LinkOnlineAccounts): Promise<RouteResponse<typeof addAccount>> {
    const item = await this.items.findByInstitution(userId, institutionId);
    if (!item) throw new NotFound('Institution not found');
    const accessToken = await this.items.accessToken(item.itemId);
    const answer = await this.plaid
      .as({ userId, itemId: item.itemId })
      .accountsGet({ access_token: accessToken })
      .catch((error: unknown) => Promise.reject(providerError(error)));
    const known = new Map(answer.data.accounts.map((account) => [account.account_id, account]));
    const missing = plaidAccounts.flatMap((chosen, index) =>
      known.has(chosen.plaidAccountId) ? [] : [{ field: `plaidAccounts.${index}.plaidAccountId`, message: 'The bank does not list this account.', code: 'exists' }],
    );
    if (missing.length > 0) throw new ValidationFailed(missing);
    const accounts = plaidAccounts.map((chosen) => accountToOpen(known.get(chosen.plaidAccountId)!, chosen.tracking ?? null));
    const opened = await this.commands.execute<OpenOnlineAccounts, RouteResponse<typeof addAccount>>(
      new OpenOnlineAccounts(userId, institutionId, startDate ?? firstOfMonth(this.clock.now()), accounts),
    );
    // Earlier syncs skipped the new accounts' rows: the next sync starts from the item's beginning.
    // The cursor's reset and that sync's outbox row are one transaction (README "No job lost"); the
    // job's id names the first account this link opened, so it is this event's sync and no other's.
    await withTransaction(this.pool, async (client) => {
      await this.items.resetCursor(item.itemId, client);
      await this.syncs.enqueue(item.itemId, 'link', `link-accounts-${item.itemId}-${opened.data.account.id}`, client);
    });
    return opened;
  }
}
