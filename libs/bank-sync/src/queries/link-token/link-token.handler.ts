import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@budget/platform';
import { providerError } from '../../http/provider-errors.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';
import { linkTokenRequest } from './link-token-request.js';
import { LinkTokenQuery } from './link-token.query.js';

@QueryHandler(LinkTokenQuery)
export class LinkTokenHandler implements IQueryHandler<LinkTokenQuery> {
  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: LinkTokenQuery) {
    const answer = await this.plaid
      .as({ userId, itemId: null })
      .linkTokenCreate(linkTokenRequest(userId, this.config.plaid))
      .catch((error: unknown) => Promise.reject(providerError(error)));
    return { linkToken: answer.data.link_token, simulator: this.config.plaid.env === 'simulator' };
  }
}
