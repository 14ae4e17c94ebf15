import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CountryCode } from 'plaid';
import { NotFound } from '@budget/platform';
import { providerError } from '../../http/provider-errors.js';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';
import { InstitutionInfoQuery } from './institution-info.query.js';

/**
 * `/institutions/get_by_id` with optional metadata and status (server-behaviour §4.2), answered
 * bare as Plaid sends it. Only the caller's linked institutions (another user's or offline: 404).
 */
@QueryHandler(InstitutionInfoQuery)
export class InstitutionInfoHandler implements IQueryHandler<InstitutionInfoQuery> {
  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
  ) {}

  async execute({ userId, institutionId }: InstitutionInfoQuery) {
    const item = await this.items.findByInstitution(userId, institutionId);
    if (!item?.plaidInstitutionId) throw new NotFound('Institution not found');
    const answer = await this.plaid
      .as({ userId, itemId: item.itemId })
      .institutionsGetById({
        institution_id: item.plaidInstitutionId,
        country_codes: [CountryCode.Us],
        options: { include_optional_metadata: true, include_status: true },
      })
      .catch((error: unknown) => Promise.reject(providerError(error)));
    return answer.data.institution as unknown as Awaited<ReturnType<IQueryHandler<InstitutionInfoQuery>['execute']>>;
  }
}
