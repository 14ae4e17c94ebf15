import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CountryCode } from 'plaid';
import { addInstitution, LinkOnlineInstitution, OpenOnlineInstitution, type RouteResponse } from '@budget/contracts';
import { CLOCK, EventWriter, ProjectionQuarantinedError, ProjectionTimeoutError, type Clock } from '@budget/platform';
import { providerError } from '../../http/provider-errors.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { firstOfMonth } from '../../plaid/balances.js';
import { accountToOpen } from '../../plaid/online-accounts.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';
import { BankSyncRequests } from '../../sync/sync-requests.js';

type Answer = RouteResponse<typeof addInstitution>;

/**
 * POST /institution online (server-behaviour §4.2 "Online path", its weak points fixed): exchange
 * the public token, read the institution and the item's accounts (the ones picked in Link), keep
 * the item with its access token sealed, then open the institution and its accounts in the ledger
 * (`OpenOnlineInstitution`), each with its Plaid balance as a starting balance dated the start date.
 * If anything after the exchange fails (short of a write stored but not yet projected: 202), the
 * item row goes and Plaid's item is removed, so no token is left behind. The first sync is the worker's (libs/bank-sync leaves transactions to it),
 * asked for through the job outbox (README "No job lost").
 *
 * A retry with the same Idempotency-Key (after a 202, or a lost answer) derives the same
 * institution id: it finds the item its first run kept and opens the institution again from it —
 * the ledger appends nothing twice — instead of exchanging a public token Plaid already spent.
 */
@CommandHandler(LinkOnlineInstitution)
export class LinkInstitutionHandler implements ICommandHandler<LinkOnlineInstitution> {
  private readonly logger = new Logger('LinkInstitution');

  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BankSyncRequests) private readonly syncs: BankSyncRequests,
  ) {}

  async execute(command: LinkOnlineInstitution): Promise<Answer> {
    const { userId, publicToken } = command;
    const institutionId = this.writer.newId();
    const kept = await this.items.findByInstitution(userId, institutionId);
    if (kept) return this.open(command, institutionId, kept.itemId, await this.items.accessToken(kept.itemId));

    const exchanged = await this.plaid
      .as({ userId, itemId: null })
      .itemPublicTokenExchange({ public_token: publicToken })
      .catch((error: unknown) => Promise.reject(providerError(error, 'publicToken')));
    const { access_token: accessToken, item_id: itemId } = exchanged.data;
    let stored = false;
    try {
      return await this.open(command, institutionId, itemId, accessToken, async (plaidInstitutionId) => {
        await this.items.add({ itemId, userId, institutionId, plaidInstitutionId, accessToken });
        stored = true;
      });
    } catch (error) {
      // Stored, read models still catching up (202): the institution exists, so the item stays.
      if (error instanceof ProjectionTimeoutError || error instanceof ProjectionQuarantinedError) throw error;
      if (stored) await this.items.remove(itemId);
      await this.plaid
        .as({ userId, itemId })
        .itemRemove({ access_token: accessToken })
        .catch(() => this.logger.warn(`Plaid item ${itemId} could not be removed after a failed link`));
      throw providerError(error, 'institutionId');
    }
  }

  /** Reads the institution and the item's accounts from Plaid, then opens them in the ledger. */
  private async open(
    { userId, plaidInstitutionId, startDate }: LinkOnlineInstitution,
    institutionId: string,
    itemId: string,
    accessToken: string,
    beforeOpening?: (plaidInstitutionId: string) => Promise<void>,
  ): Promise<Answer> {
    const plaid = this.plaid.as({ userId, itemId });
    const [institution, accounts] = await Promise.all([
      plaid.institutionsGetById({ institution_id: plaidInstitutionId, country_codes: [CountryCode.Us] }),
      plaid.accountsGet({ access_token: accessToken }),
    ]);
    const { institution_id: id, name } = institution.data.institution;
    await beforeOpening?.(id);
    const opened = await this.commands.execute<OpenOnlineInstitution, Answer>(
      new OpenOnlineInstitution(
        userId,
        institutionId,
        name,
        id,
        startDate ?? firstOfMonth(this.clock.now()),
        accounts.data.accounts.map((account) => accountToOpen(account, null)),
      ),
    );
    // The first sync is the worker's: the transactions land under Unassigned shortly after. It goes
    // through the job outbox once the ledger opened the accounts (a sync before would skip their
    // rows), under an id of the item's: a retry of this link (same Idempotency-Key) adds nothing.
    await this.syncs.enqueueQuietly(itemId, 'link', `link-${itemId}`);
    return opened;
  }
}
