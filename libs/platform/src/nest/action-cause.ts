import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { derivedId } from '../http/idempotency/request-ids.js';
import { ROUTE_MESSAGE } from '../http/contract/endpoint.decorator.js';

/**
 * What caused the events being appended now (docs/architecture.md §3, event metadata): the
 * correlation id spans one user action or one job across every event it appends (an import's
 * rows and its summary, a sync's chunks, a rule's apply), the causation id names the command.
 */
export interface ActionCause {
  correlationId: string;
  causationId: string;
}

const scope = new AsyncLocalStorage<ActionCause>();

/** Runs `work` with `cause` on every event `EventWriter` appends inside it (unless a caller names its own). */
export function withCause<T>(cause: ActionCause, work: () => Promise<T>): Promise<T> {
  return scope.run(cause, work);
}

/** The cause in force now, if any. */
export function currentCause(): ActionCause | undefined {
  return scope.getStore();
}

/**
 * A job's cause, derived from its input only (the queue and the job's own id or key): a retried or
 * re-run job appends with the same correlation id, so the log groups every attempt's lines as one
 * action. `command` names the command the job sends (one causation per command it sends).
 */
export function jobCause(queue: string, input: string, command = 'job'): ActionCause {
  const seed = `job\u0000${queue}\u0000${input}`;
  return { correlationId: derivedId(seed, 0), causationId: derivedId(`${seed}\u0000${command}`, 1) };
}

interface HttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  caller?: { userId: string };
}

/**
 * One user action's cause for every write request: with an `Idempotency-Key` both ids derive
 * from (caller, key), so a retry of the action appends with the ids of its first run; without
 * one they are new. The causation id is the id of the route's command (`@Endpoint(route, Command)`).
 * Registered before the idempotency interceptor, so a replayed request runs inside it too.
 */
@Injectable()
export class ActionCauseInterceptor implements NestInterceptor {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<HttpRequest>();
    if (request.method === 'GET' || request.method === 'HEAD') return next.handle();
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    const message = this.reflector.get<{ name?: string } | undefined>(ROUTE_MESSAGE, context.getHandler())?.name ?? 'command';
    const seed = key === undefined ? randomUUID() : `action\u0000${request.caller?.userId ?? 'anonymous'}\u0000${key}`;
    const cause: ActionCause = { correlationId: derivedId(seed, 0), causationId: derivedId(`${seed}\u0000${message}`, 1) };
    return new Observable((subscriber) => scope.run(cause, () => next.handle().subscribe(subscriber)));
  }
}
