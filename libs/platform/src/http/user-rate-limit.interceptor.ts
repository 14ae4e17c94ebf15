import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { RouteContract } from '@budget/contracts';
import { from, switchMap, type Observable } from 'rxjs';
import { REDIS } from '../nest/tokens.js';
import { ROUTE_CONTRACT } from './contract/endpoint.decorator.js';
import type { RequestCaller } from './current-user.js';
import { TooManyRequests } from './errors.js';

/** The Redis key prefix of the per-user limits (tests give each app its own). */
export const USER_RATE_LIMIT_PREFIX = Symbol.for('budget.http.UserRateLimitPrefix');

/**
 * The route contract's `perUserLimit` (docs/architecture.md §7): a fixed window per (bucket,
 * signed-in user) in Redis, counted before the handler runs; past the limit the call answers 429
 * with Retry-After and runs nothing (no Plaid call, no stream opened). Public routes have no user
 * and are limited elsewhere (identity's per-address limits).
 */
@Injectable()
export class UserRateLimitInterceptor implements NestInterceptor {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(USER_RATE_LIMIT_PREFIX) private readonly prefix: string,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract = this.reflector.get<RouteContract | undefined>(ROUTE_CONTRACT, context.getHandler());
    const userId = context.switchToHttp().getRequest<{ caller?: RequestCaller }>().caller?.userId;
    const limit = contract?.perUserLimit;
    if (!limit || !userId) return next.handle();
    return from(this.consume(`${this.prefix}user:${limit.bucket}:${userId}`, limit)).pipe(switchMap(() => next.handle()));
  }

  private async consume(key: string, { limit, windowSeconds }: { limit: number; windowSeconds: number }): Promise<void> {
    const results = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    if (count > limit) throw new TooManyRequests(Math.max(1, Number(results?.[2]?.[1] ?? windowSeconds)));
  }
}
