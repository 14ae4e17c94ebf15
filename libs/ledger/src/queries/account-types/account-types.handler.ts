import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ACCOUNT_SUBTYPES, DEFAULT_TRACKING, TRACKING_MODES } from '../../domain/account.catalogue.js';
import { AccountTypesQuery } from './account-types.query.js';

/** The catalogue is part of the domain: nothing to read. */
@QueryHandler(AccountTypesQuery)
export class AccountTypesHandler implements IQueryHandler<AccountTypesQuery> {
  async execute() {
    return { data: { types: ACCOUNT_SUBTYPES as Record<string, readonly string[]> as Record<string, string[]>, tracking: [...TRACKING_MODES], defaultTracking: DEFAULT_TRACKING as Record<string, string> } };
  }
}
