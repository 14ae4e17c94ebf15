import { createHash } from 'node:crypto';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, of, type Observable } from 'rxjs';
import {
  accountRegister, categoryRegister, clientReportRoutes, listCategories, listGroups, proposedFunding, reportRoutes, searchTransactions, type RouteContract,
} from '@budget/contracts';
import { ROUTE_CONTRACT, type Clock, type Projection, type RequestCaller } from '@budget/platform';
import { AnswerLru } from './answer-lru.js';

/**
 * The GET routes whose answers are a function of the caller's read models alone, the request's
 * path and query, and today's date (docs/architecture.md §6.4): the budget's groups and categories,
 * the registers, the proposed funding, every report (budget progress's days and day too) and search. Routes that read state outside
 * the log (the user record, preferences, bank links, Plaid's records, idempotency keys) are not
 * listed, and so never answer 304 nor come from the cache.
 */
export const READ_CACHED_ROUTES: ReadonlySet<string> = new Set(
  [listGroups, listCategories, accountRegister, categoryRegister, proposedFunding, searchTransactions, ...reportRoutes, ...clientReportRoutes].map((r) => r.id),
);

/** What every cached or tagged answer carries: a browser keeps it but asks again each time; no shared cache keeps it. */
export const READ_CACHE_CONTROL = 'private, no-cache';

export interface ReadCacheOptions {
  /** Total size of the serialised answers kept in this process (default 32 MiB); 0 keeps none (ETags still apply). */
  maxBytes?: number;
  /** The largest answer kept (default 2 MiB): a larger one is answered, tagged, not kept. */
  maxEntryBytes?: number;
  /**
   * The projector checkpoint whose per-user position keys the answers (default `read-models`): the
   * app hands it to the auth guard (`READ_POSITION_CHECKPOINT`), which reads the position in the
   * session check's statement, before the answer (docs/architecture.md §6.4). A request the guard
   * gave no position is answered untagged and not kept.
   */
  checkpointName?: string;
}

/**
 * The read models' code epoch: the migrations of every projection. A release that changes what a
 * read model holds comes with a migration (and a rebuild), and then no ETag of the release before
 * matches, even for a user whose position the rebuild left where it was.
 */
export function readModelEpoch(projections: readonly Projection[]): string {
  const ids = projections.flatMap((p) => p.migrations.map((m) => `${p.name}/${m.id}`)).sort();
  return createHash('sha256').update(ids.join('\n')).digest('base64url').slice(0, 16);
}

/** How many hashed tags a process remembers. */
const TAGS_KEPT = 4096;

/** `If-None-Match`: `*` or a list of entity tags, compared weakly (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** What the cache holds for a read: a tag the client already has (304), a kept answer, or nothing yet. */
export type CacheLookup = { kind: 'not-modified'; etag: string } | { kind: 'kept'; etag: string; body: string } | { kind: 'miss'; key: string; etag: string };

/**
 * ETags and a per-process answer cache for the read routes above (docs/architecture.md §6.4). The
 * key is (epoch, user id, the user's projected position, today's date (UTC, as the handlers read
 * it from the clock), route, path and query): every write of the user — their own, a bank sync's,
 * a rule's — moves the position, so a key is never reused for another answer. A request whose
 * `If-None-Match` names the key's tag answers 304 without running the query; a key in the cache
 * answers its stored JSON without SQL beyond the session check that read the position. Errors are
 * neither tagged nor kept. One instance per app: the interceptor and the kept-answer hook
 * (`kept-answer.hook.ts`) share it.
 */
export class ReadCache {
  private readonly lru: AnswerLru;
  /** Tags already hashed, by their parts joined (the SHA-256 was a tenth of a kept answer's CPU); the oldest go first. */
  private readonly tags = new Map<string, string>();

  constructor(
    private readonly clock: Clock,
    private readonly epoch: string,
    options: ReadCacheOptions = {},
  ) {
    this.lru = new AnswerLru(options.maxBytes ?? 32 * 1024 * 1024, options.maxEntryBytes ?? 2 * 1024 * 1024);
  }

  /** For tests and /health-like probes: how many answers are kept. */
  get cached(): { entries: number; bytes: number } {
    return { entries: this.lru.size, bytes: this.lru.totalBytes };
  }

  /** `position`: what the auth check read with the session, before the answer. */
  lookup(userId: string, routeId: string, url: string, position: string, ifNoneMatch: string | string[] | undefined): CacheLookup {
    const key = this.keyOf(userId, routeId, url, position);
    const etag = `W/"${key}"`;
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { kind: 'not-modified', etag };
    const body = this.lru.get(key);
    return body === undefined ? { kind: 'miss', key, etag } : { kind: 'kept', etag, body };
  }

  keep(key: string, body: string): void {
    this.lru.set(key, body);
  }

  /** Only a success is tagged: an error keeps the API's `no-store`. */
  tag(reply: FastifyReply, etag: string): void {
    const vary = reply.getHeader('vary');
    const varies = typeof vary === 'string' && vary !== '' ? `${vary}, Authorization` : 'Authorization';
    void reply.header('etag', etag).header('cache-control', READ_CACHE_CONTROL).header('vary', varies);
  }

  /** Tags the reply as a JSON answer; answers the body to send. */
  json(reply: FastifyReply, etag: string, body: string): string {
    this.tag(reply, etag);
    void reply.type('application/json; charset=utf-8');
    return body;
  }

  private keyOf(userId: string, routeId: string, url: string, position: string): string {
    const today = this.clock.now().toISOString().slice(0, 10);
    // NUL cannot occur in any part (a URL has no raw control characters), so the joined parts name one key.
    const parts = `${position}\u0000${userId}\u0000${today}\u0000${routeId}\u0000${url}`;
    const known = this.tags.get(parts);
    if (known !== undefined) return known;
    const key = createHash('sha256').update(JSON.stringify([this.epoch, userId, position, today, routeId, url])).digest('base64url').slice(0, 32);
    if (this.tags.size >= TAGS_KEPT) this.tags.delete(this.tags.keys().next().value as string);
    this.tags.set(parts, key);
    return key;
  }
}

/**
 * The cache on Nest's path: a read the kept-answer hook did not answer (a miss, or an app without
 * the hook) is tagged here, and its answer kept.
 */
@Injectable()
export class ReadCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: ReadCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract = this.reflector.get<RouteContract | undefined>(ROUTE_CONTRACT, context.getHandler());
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: RequestCaller; readPosition?: string }>();
    const userId = request.caller?.userId;
    const position = request.readPosition;
    if (!contract || !userId || position === undefined || request.method !== 'GET' || !READ_CACHED_ROUTES.has(contract.id)) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const found = this.cache.lookup(userId, contract.id, request.url, position, request.headers['if-none-match']);
    if (found.kind === 'not-modified') {
      this.cache.tag(reply, found.etag);
      return of(new Response(null, { status: 304 }));
    }
    if (found.kind === 'kept') return of(this.cache.json(reply, found.etag, found.body));
    return next.handle().pipe(
      map((answer: unknown) => {
        const body = JSON.stringify(answer);
        this.cache.keep(found.key, body);
        return this.cache.json(reply, found.etag, body);
      }),
    );
  }
}
