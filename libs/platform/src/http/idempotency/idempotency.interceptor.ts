import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import { ValidationFailed } from '../errors.js';
import { IdempotencyStore, requestHash } from './idempotency.store.js';
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
 * Retries never double money (issue 9). A signed-in write carrying `Idempotency-Key`:
 * - the first request with a key runs, with every id it makes derived from (user, key), and its
 *   answer is kept;
 * - the same key with the same request answers that answer again without running; while the
 *   first is still running, the retry waits for it;
 * - the same key with a different request answers 422.
 * A request that fails, or whose answer is 202 (stored, read models catching up), gives the key
 * back: its retry runs again, makes the same ids and so appends nothing new, and answers in full.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(@Inject(IdempotencyStore) private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method === 'GET' || request.method === 'HEAD' || header === undefined || !request.caller) return next.handle();
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !KEY.test(key)) {
      throw new ValidationFailed([{ field: 'Idempotency-Key', code: 'invalid', message: 'The Idempotency-Key header must be 1 to 200 visible characters.' }]);
    }
    const reply = context.switchToHttp().getResponse<HttpReply>();
    const { userId } = request.caller;
    const hash = requestHash(request.method, request.url, request.body);
    return new Observable((subscriber) => {
      this.run(userId, key, hash, reply, next, subscriber).catch((error: unknown) => subscriber.error(error));
    });
  }

  private async run(userId: string, key: string, hash: string, reply: HttpReply, next: CallHandler, subscriber: Subscriber<unknown>) {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const claim = await this.store.claim(userId, key, hash);
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
      if (Date.now() - started > WAIT_LIMIT_MS) {
        throw new ValidationFailed([{ field: 'Idempotency-Key', code: 'in_progress', message: 'A request with this Idempotency-Key is still running.' }], 409);
      }
      await sleep(attempt === 0 ? FIRST_WAIT_MS : WAIT_STEP_MS);
    }
    let answer: unknown;
    try {
      answer = await withDerivedIds(`${userId}\u0000${key}`, () => lastValueOf(next.handle()));
    } catch (error) {
      await this.store.release(userId, key);
      throw error;
    }
    // The answer goes out while it is being kept: a retry that arrives meanwhile finds the key
    // running and waits for it. Were keeping it to fail, the key is given back, and a retry runs
    // again with the same ids, appends nothing new and answers in full.
    this.store.complete(userId, key, reply.statusCode, answer).catch(() => this.store.release(userId, key).catch(() => undefined));
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

