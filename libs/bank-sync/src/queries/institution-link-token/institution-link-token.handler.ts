import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, NotFound, type AppConfig } from '@budget/platform';
import { providerError } from '../../http/provider-errors.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';
import { linkTokenRequest } from '../link-token/link-token-request.js';
import { InstitutionLinkTokenQuery } from './institution-link-token.query.js';

/** Update mode needs the item's token: only the caller's own linked institution has one (else 404). */
@QueryHandler(InstitutionLinkTokenQuery)
export class InstitutionLinkTokenHandler implements IQueryHandler<InstitutionLinkTokenQuery> {
  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, institutionId }: InstitutionLinkTokenQuery) {
    const item = await this.items.findByInstitution(userId, institutionId);
    if (!item) throw new NotFound('Institution not found');
    const accessToken = await this.items.accessToken(item.itemId);
    const answer = await this.plaid
      .as({ userId, itemId: item.itemId })
      .linkTokenCreate(linkTokenRequest(userId, this.config.plaid, accessToken))
      .catch((error: unknown) => Promise.reject(providerError(error)));
    return { linkToken: answer.data.link_token, simulator: this.config.plaid.env === 'simulator' };
  }
}
