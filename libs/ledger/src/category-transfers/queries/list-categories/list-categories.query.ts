import { Query } from '@nestjs/cqrs';
import type { listCategories, RouteResponse } from '@budget/contracts';

/** The funding dialog's information per category for the month of `date`; without a date, the category tree. */
export class ListCategoriesQuery extends Query<RouteResponse<typeof listCategories>> {
  constructor(
    readonly userId: string,
    readonly date: string | null,
  ) {
    super();
  }
}
