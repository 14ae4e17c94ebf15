import { fillPath, type RouteContract } from '@budget/contracts';
import type { z } from 'zod';

/** Where every contract's path lives. */
export const API_BASE = '/api/v1';

/** What a client sends in one part of a request: the schema's input (wire) type. */
type Sent<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : undefined;

/** A part the route does not take, or whose fields are all optional, may be left out. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** The request of `api.call(contract, request)`: path params, query string and body, typed by the contract. */
export type CallRequest<C extends RouteContract> = Part<'params', Sent<C['params']>> &
  Part<'query', Sent<C['query']>> &
  Part<'body', Sent<C['body']>>;

/** `{a: 1, c: ['x', 'y'], d: undefined}` → `?a=1&c=x&c=y`: arrays repeat their key, missing values are left out. */
export function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null) search.append(key, String(one));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL of one call: `/api/v1` + the contract's path with its params filled + the query string. */
export function routeUrl<C extends RouteContract>(contract: C, request: CallRequest<C>): string {
  const params = (request.params ?? {}) as Record<string, string | number>;
  return `${API_BASE}${fillPath(contract.path, params)}${queryString(request.query)}`;
}
