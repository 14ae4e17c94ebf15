import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { CategoryRegisterQuery } from './category-register.query.js';
import { categoryRegister } from './category-register.sql.js';

@QueryHandler(CategoryRegisterQuery)
export class CategoryRegisterHandler implements IQueryHandler<CategoryRegisterQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, categoryId, page }: CategoryRegisterQuery) {
    const { offset, limit, search, pending } = page;
    const newOnly = page.new === '1';
    return { data: await categoryRegister(this.pool, userId, categoryId, pending === '1', { offset, limit, search: search ?? null, newOnly }) };
  }
}
