import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import { ProjectionTimeoutError } from '../../projection/projection-timeout.error.js';
import { PROJECTION_WAITER, type ProjectionWaiter } from '../../projection/waiter.port.js';
import { ValidationFailed } from '../errors.js';
import { anonymousRow, IdempotencyStore, requestHash, userRow, type IdempotencyRow } from './idempotency.store.js';
import { withDerivedIds } from './request-ids.js';

interface HttpRequest {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  caller?: { userId: string };
}
interface HttpReply {
  status(code: number): HttpReply;
  statusCode: number;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,200}$/;
/** A retry polls the request holding its key this often (first 5 ms: the answer is usually being kept). */
const WAIT_STEP_MS = 50;
const FIRST_WAIT_MS = 5;
const WAIT_LIMIT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries never double money, and a retry answers what the first request did (docs/architecture.md §6.2).
 * Every write carrying `Idempotency-Key`, signed in or not (see `IdempotencyRow` for how keys of
 * callers who are not signed in are kept apart):
 * - the first request with a key runs, with every id it makes derived from the key, and its
 *   answer is kept;
 * - the same key with the same request answers that answer again without running; while the
 *   first is still running, the retry waits for it;
 * - the same key with a different request answers 422;
 * - a request answered 202 (stored, read models catching up) keeps its key as pending with the
 *   position: a retry waits for the caller's read models as a write does, answers 202 with the
 *   SAME position if they are still behind, and once they have passed it replays the request: its
 *   loads end before the events the first run appended (`replayCut`), so it decides the same
 *   events with the same ids, the append is a no-op, and it answers from the read models — the
 *   outcome of the first run, never a second run (a version check or a duplicate name cannot
 *   refuse the request's own earlier events). Its answer is kept as the key's answer.
 * A request that fails gives the key back; its retry runs again the same way (replaying whatever
 * it had stored, e.g. before a crash).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    @Inject(IdempotencyStore) private readonly store: IdempotencyStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method === 'GET' || request.method === 'HEAD' || header === undefined) return next.handle();
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !KEY.test(key)) {
      throw new ValidationFailed([{ field: 'Idempotency-Key', code: 'invalid', message: 'The Idempotency-Key header must be 1 to 200 visible characters.' }]);
    }
    const reply = context.switchToHttp().getResponse<HttpReply>();
    const hash = requestHash(request.method, request.url, request.body);
    const userId = request.caller?.userId;
    const row = userId === undefined ? anonymousRow(key, hash) : userRow(userId, key, hash);
    // Derived ids of a caller who is not signed in hang on the request too: two callers who pick
    // one key must not make the same ids.
    const seed = userId === undefined ? `anonymous\u0000${row.key}` : `${userId}\u0000${key}`;
    return new Observable((subscriber) => {
      this.run(row, seed, userId, reply, next, subscriber).catch((error: unknown) => subscriber.error(error));
    });
  }

  private async run(row: IdempotencyRow, seed: string, userId: string | undefined, reply: HttpReply, next: CallHandler, subscriber: Subscriber<unknown>) {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const claim = await this.store.claim(row);
      if (claim.kind === 'mismatch') {
        throw new ValidationFailed([{ field: 'Idempotency-Key', code: 'reused', message: 'This Idempotency-Key was already used for a different request.' }]);
      }
      if (claim.kind === 'done') {
        reply.status(claim.status);
        subscriber.next(claim.body);
        subscriber.complete();
        return;
      }
      if (claim.kind === 'claimed') break;
      if (claim.kind === 'pending') {
        // Still behind after the usual wait: ProjectionTimeoutError, the filter's 202 with this position.
        await this.waiter.waitFor(claim.position, undefined, userId);
        if (await this.store.resume(row)) break;
        continue;
      }
      if (Date.now() - started > WAIT_LIMIT_MS) {
        throw new ValidationFailed([{ field: 'Idempotency-Key', code: 'in_progress', message: 'A request with this Idempotency-Key is still running.' }], 409);
      }
      await sleep(attempt === 0 ? FIRST_WAIT_MS : WAIT_STEP_MS);
    }
    let answer: unknown;
    try {
      answer = await withDerivedIds(seed, () => lastValueOf(next.handle()));
    } catch (error) {
      await (error instanceof ProjectionTimeoutError ? this.store.pending(row, error.position) : this.store.release(row));
      throw error;
    }
    // The answer goes out while it is being kept: a retry that arrives meanwhile finds the key
    // running and waits for it. Were keeping it to fail, the key is given back, and a retry
    // replays the request and answers in full.
    this.store.complete(row, reply.statusCode, answer).catch(() => this.store.release(row).catch(() => undefined));
    subscriber.next(answer);
    subscriber.complete();
  }
}

function lastValueOf(source: Observable<unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let last: unknown;
    source.subscribe({ next: (value) => (last = value), error: reject, complete: () => resolve(last) });
  });
}

