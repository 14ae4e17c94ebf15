import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getIdempotencyKey, type RouteInput } from '@budget/contracts';
import { Endpoint } from '../../../contract/endpoint.decorator.js';
import { Input } from '../../../contract/contract-validation.pipe.js';
import { CurrentUserId } from '../../../current-user.js';
import { GetIdempotencyKeyQuery } from './get-idempotency-key.query.js';

/**
 * GET /api/v1/idempotency-keys/{key}: what became of the caller's write sent with that key — the
 * web client's tray of unconfirmed saves asks it after an answer was lost (libs/web/src/save-tray).
 */
@Controller()
export class GetIdempotencyKeyController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getIdempotencyKey, GetIdempotencyKeyQuery)
  get(@CurrentUserId() userId: string, @Input(getIdempotencyKey) { params }: RouteInput<typeof getIdempotencyKey>) {
    return this.queries.execute(new GetIdempotencyKeyQuery(userId, params.key));
  }
}
