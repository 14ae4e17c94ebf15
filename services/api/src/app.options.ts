import type { LoggerService, LogLevel } from '@nestjs/common';
import type { AppConfig, Clock, IdGenerator, MailSender, Pool, Projection, ProjectionWaiter, RequestLogLine, ResponseCheck } from '@budget/platform';
import type { RateLimitTable } from '@budget/identity';
import type { ReadCacheOptions } from './read-cache/read-cache.interceptor.js';

/** Everything `createApp` accepts; tests pin the clock, share a pool and record mail. */
export interface CreateAppOptions {
  config: AppConfig;
  /** Reuse a pool (tests); the app then leaves it open on close. */
  pool?: Pool;
  clock?: Clock;
  ids?: IdGenerator;
  /** Default: the job outbox, relayed to BullMQ by the worker (which delivers: outbox folder or SMTP). */
  mailSender?: MailSender;
  /** Default: PostgresProjectionWaiter on config.databaseUrl. */
  projectionWaiter?: ProjectionWaiter;
  /** Read models erased with a user. Default: every projection the API knows (`readModelProjections`). */
  projections?: readonly Projection[];
  rateLimitKeyPrefix?: string;
  rateLimits?: Partial<RateLimitTable>;
  /**
   * Trust X-Forwarded-For from a reverse proxy (rate limits key on the client address). Only set
   * it when a proxy is always in front, or clients could pick their own address.
   */
  trustProxy?: boolean;
  /**
   * What a answer that breaks its route's contract does: 'fail' (tests: the call answers 500),
   * 'warn' (development: logged) or 'off'. Default: 'off' in production, else 'warn'.
   */
  responseCheck?: ResponseCheck;
  /** Nest logger levels, a logger (main.ts: pino, JSON lines); false silences it (tests). */
  logger?: LogLevel[] | LoggerService | false;
  /** Where one line per answered request goes (main.ts: pino); none when unset. */
  requestLog?: (line: RequestLogLine) => void;
  /**
   * The read routes' ETags and answer cache (docs/architecture.md §6.4): its sizes, or false for
   * neither (every read runs its query and answers no-store, as before it: the benchmark's baseline).
   */
  readCache?: ReadCacheOptions | false;
}
