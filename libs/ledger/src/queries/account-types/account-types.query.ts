import { Query } from '@nestjs/cqrs';
import type { listAccountTypes, RouteResponse } from '@budget/contracts';

/** The account type catalogue and the tracking modes (product-spec §3). */
export class AccountTypesQuery extends Query<RouteResponse<typeof listAccountTypes>> {}
