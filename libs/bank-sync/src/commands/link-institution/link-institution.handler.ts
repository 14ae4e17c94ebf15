import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CountryCode } from 'plaid';
import { addInstitution, LinkOnlineInstitution, OpenOnlineInstitution, type RouteResponse } from '@budget/contracts';
import { CLOCK, EventWriter, type Clock } from '@budget/platform';
import { providerError } from '../../http/provider-errors.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { firstOfMonth } from '../../plaid/balances.js';
import { accountToOpen } from '../../plaid/online-accounts.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';

/**
 * POST /institution online (server-behaviour §4.2 "Online path", its weak points fixed): exchange
 * the public token, read the institution and the item's accounts (the ones picked in Link), keep
 * the item with its access token sealed, then open the institution and its accounts in the ledger
 * (`OpenOnlineInstitution`), each with its Plaid balance as a starting balance dated the start date.
 * If anything after the exchange fails, the item row goes and Plaid's item is removed, so no token
 * is left behind. The first sync is the worker's (libs/bank-sync leaves transactions to it).
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
  ) {}

  async execute({ userId, publicToken, plaidInstitutionId, startDate }: LinkOnlineInstitution): Promise<RouteResponse<typeof addInstitution>> {
    const exchanged = await this.plaid
      .as({ userId, itemId: null })
      .itemPublicTokenExchange({ public_token: publicToken })
      .catch((error: unknown) => Promise.reject(providerError(error, 'publicToken')));
    const { access_token: accessToken, item_id: itemId } = exchanged.data;
    const plaid = this.plaid.as({ userId, itemId });
    const institutionId = this.writer.newId();
    let stored = false;
    try {
      const [institution, accounts] = await Promise.all([
        plaid.institutionsGetById({ institution_id: plaidInstitutionId, country_codes: [CountryCode.Us] }),
        plaid.accountsGet({ access_token: accessToken }),
      ]);
      await this.items.add({ itemId, userId, institutionId, plaidInstitutionId: institution.data.institution.institution_id, accessToken });
      stored = true;
      return await this.commands.execute<OpenOnlineInstitution, RouteResponse<typeof addInstitution>>(
        new OpenOnlineInstitution(
          userId,
          institutionId,
          institution.data.institution.name,
          institution.data.institution.institution_id,
          startDate ?? firstOfMonth(this.clock.now()),
          accounts.data.accounts.map((account) => accountToOpen(account, null)),
        ),
      );
    } catch (error) {
      if (stored) await this.items.remove(itemId);
      await plaid.itemRemove({ access_token: accessToken }).catch(() => this.logger.warn(`Plaid item ${itemId} could not be removed after a failed link`));
      throw providerError(error, 'institutionId');
    }
  }
}
