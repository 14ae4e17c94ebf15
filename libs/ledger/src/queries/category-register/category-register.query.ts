import { Query } from '@nestjs/cqrs';
import type { categoryRegister, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of a category's register. */
export class CategoryRegisterQuery extends Query<RouteResponse<typeof categoryRegister>> {
  constructor(
    readonly userId: string,
    readonly categoryId: string,
    readonly page: CheckedQuery<typeof categoryRegister>,
  ) {
    super();
  }
}
