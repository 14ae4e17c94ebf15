import type { RouteContract } from '@budget/contracts';
import type { z } from 'zod';

/**
 * What `@Input(route)` hands a controller once the contract has checked the request: the parsed
 * path parameters, query string and body. (`RouteInput` of `@budget/contracts` also admits an
 * empty object for each part, as a route may declare none; these name the declared parts only.)
 */
export type CheckedParams<C extends RouteContract> = z.output<NonNullable<C['params']>>;
export type CheckedQuery<C extends RouteContract> = z.output<NonNullable<C['query']>>;
export type CheckedBody<C extends RouteContract> = z.output<NonNullable<C['body']>>;

export interface CheckedInput<C extends RouteContract> {
  params: CheckedParams<C>;
  query: CheckedQuery<C>;
  body: CheckedBody<C>;
}
