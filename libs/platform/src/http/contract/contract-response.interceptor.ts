import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { RouteContract } from '@budget/contracts';
import { map, type Observable } from 'rxjs';
import { ROUTE_CONTRACT } from './endpoint.decorator.js';

/** What to do when an answer does not match its contract: nothing (production), log, or fail (tests). */
export type ResponseCheck = 'off' | 'warn' | 'fail';
export const RESPONSE_CHECK = Symbol.for('budget.http.ResponseCheck');

export class ContractBreach extends Error {
  constructor(readonly routeId: string, readonly problems: string[]) {
    super(`answer of ${routeId} breaks its contract: ${problems.join('; ')}`);
  }
}

/**
 * Checks every answer against the route's response schema, so the OpenAPI document and the web
 * client's parsing can never silently drift from what the API really sends. In tests a breach is
 * a failure (the call answers 500); in development it is logged.
 */
@Injectable()
export class ContractResponseInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ContractResponse');

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(RESPONSE_CHECK) private readonly mode: ResponseCheck,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract = this.reflector.get<RouteContract | undefined>(ROUTE_CONTRACT, context.getHandler());
    if (this.mode === 'off' || !contract) return next.handle();
    // A route that streams its answer itself (GET /events as Server-Sent Events) has taken the reply over: no answer to check.
    const reply = context.switchToHttp().getResponse<{ sent?: boolean }>();
    return next.handle().pipe(map((answer: unknown) => (reply.sent === true && answer === undefined ? answer : this.check(contract, answer))));
  }

  private check(contract: RouteContract, answer: unknown): unknown {
    const problems = contract.response === null
      ? (answer === undefined || answer === null ? [] : ['an empty answer was expected'])
      : (() => {
          const result = contract.response.safeParse(answer);
          return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
        })();
    if (problems.length === 0) return answer;
    const breach = new ContractBreach(contract.id, problems.slice(0, 10));
    if (this.mode === 'fail') throw breach;
    this.logger.warn(breach.message);
    return answer;
  }
}
