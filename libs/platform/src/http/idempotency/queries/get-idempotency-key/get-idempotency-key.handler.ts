import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { getIdempotencyKey, RouteResponse } from '@budget/contracts';
import { IdempotencyStore } from '../../idempotency.store.js';
import { GetIdempotencyKeyQuery } from './get-idempotency-key.query.js';

/** Reads the caller's key in `http_idempotency` (only their own rows: the user id is part of the key). */
@QueryHandler(GetIdempotencyKeyQuery)
export class GetIdempotencyKeyHandler implements IQueryHandler<GetIdempotencyKeyQuery, RouteResponse<typeof getIdempotencyKey>> {
  constructor(@Inject(IdempotencyStore) private readonly store: IdempotencyStore) {}

  async execute({ userId, key }: GetIdempotencyKeyQuery): Promise<RouteResponse<typeof getIdempotencyKey>> {
    return { data: await this.store.stateOf(userId, key) };
  }
}
