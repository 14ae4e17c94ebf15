import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of `/api/v1`: its method and path (OpenAPI style, `{id}`), what it takes and what it
 * answers. The API validates every input with these schemas (one Nest pipe) and, in development
 * and tests, every answer; the web client parses every answer with them; the OpenAPI document
 * at `/api/docs` is generated from them.
 */
export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType | null = z.ZodType | null,
> {
  /** Unique, camelCase: the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Below `/api/v1`, with `{name}` path parameters, e.g. `/groups/{groupId}/categories`. */
  path: string;
  summary: string;
  tag: string;
  /** Answers without a bearer token. */
  public?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** `text` for raw bodies (OFX/CSV files): the body schema then describes a string. */
  bodyType?: 'json' | 'text';
  /** Success status; 200 unless given. */
  status?: number;
  /** The success answer; `null` for an empty body. */
  response: R;
  /** Error statuses this call answers besides 401 (non-public), 404 (path ids) and 422 (with input), e.g. 409 or 429. */
  errors?: number[];
  /**
   * Calls per signed-in user in a fixed window, shared by every route of the same `bucket`; past it
   * the call answers 429 with Retry-After (routes that call Plaid per request, the change feed).
   */
  perUserLimit?: { bucket: string; limit: number; windowSeconds: number };
}

/** Declares a route, keeping its schemas' exact types for the API and the client. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, const R extends z.ZodType | null>(
  contract: RouteContract<P, Q, B, R>,
): RouteContract<P, Q, B, R> {
  // A limited route answers 429: its contract says so.
  if (contract.perUserLimit && !contract.errors?.includes(429)) return { ...contract, errors: [...(contract.errors ?? []), 429] };
  return contract;
}

/** Plaid calls made for a user's request (link tokens, institution info, the public-token exchange, a sync asked for). */
export const PLAID_CALLS_PER_USER = { bucket: 'plaid', limit: 30, windowSeconds: 60 } as const;

/** The parsed part of a request the route declares (an optional property: `undefined` is not a part). */
type Parsed<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : Record<string, never>;
type Sent<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : undefined;

/** What a handler receives once the pipe has checked the request. */
export interface RouteInput<C extends RouteContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
}

/** What a client sends. */
export interface RouteRequest<C extends RouteContract> {
  params: Sent<C['params']>;
  query: Sent<C['query']>;
  body: Sent<C['body']>;
}

/** The success answer's type. */
export type RouteResponse<C extends RouteContract> = C['response'] extends z.ZodType ? z.output<C['response']> : void;
/** The success answer as it travels (before any schema transform). */
export type RouteResponseWire<C extends RouteContract> = C['response'] extends z.ZodType ? z.input<C['response']> : void;

/** `/groups/{groupId}` → `/groups/:groupId` (Nest and Fastify paths). */
export function colonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills a path's `{name}` parameters (URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The spec's one error format (product-spec §8): `{errors:[{field?, message, code, detail, source?, status?}]}`. */
export const errorBody = z
  .object({
    errors: z.array(
      z.object({
        field: z.string().optional(),
        code: z.string(),
        message: z.string(),
        detail: z.string(),
        status: z.string().optional(),
        source: z.object({ pointer: z.string() }).optional(),
        providerCode: z.string().optional().meta({ description: "A bank provider's own error code, e.g. ITEM_LOGIN_REQUIRED (code PLAID_ERROR)" }),
      }),
    ),
  })
  .meta({ id: 'Errors' });
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * A write whose events are stored while the read models have not caught up within the wait
 * answers 202 with this body (never a failure); the client refreshes once they pass `position`.
 * `reason` PROJECTION_QUARANTINED: they cannot for now, an earlier event of the user's failed to
 * project and their partition is held until that is fixed (answered at once, not after the wait).
 */
export const pendingAnswer = z
  .object({ pending: z.literal(true), position: z.string(), message: z.string(), reason: z.enum(['PROJECTION_QUARANTINED']).optional() })
  .meta({ id: 'Pending' });
export type PendingAnswer = z.infer<typeof pendingAnswer>;
