import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, TooManyRequests } from '@budget/platform';
import type { Limit } from './rate-limits.js';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options.js';

/** Fixed-window counters in Redis; going over a limit answers 429 with Retry-After. */
@Injectable()
export class RateLimiter {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_OPTIONS) options: IdentityOptions,
  ) {
    this.prefix = options.rateLimitKeyPrefix ?? 'rl:';
  }

  /** Counts one hit; throws TooManyRequests once the window holds more than `limit` hits. */
  async consume(key: string, { limit, windowSeconds }: Limit): Promise<void> {
    const full = this.prefix + key;
    const results = await this.redis.multi().incr(full).expire(full, windowSeconds, 'NX').ttl(full).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    if (count > limit) throw new TooManyRequests(Math.max(1, Number(results?.[2]?.[1] ?? windowSeconds)));
  }

  /** Throws TooManyRequests when the window already holds `limit` hits, without counting one. */
  async assertBelow(key: string, { limit }: Limit): Promise<void> {
    const full = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(full), this.redis.ttl(full)]);
    if (Number(count ?? 0) >= limit) throw new TooManyRequests(Math.max(1, ttl));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
