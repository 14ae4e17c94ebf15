import { pendingAnswer, refreshTokens, type RouteContract, type RouteResponse } from '@budget/contracts';
import type { PendingWrites } from './pending-writes.js';
import { z } from 'zod';
import { ApiError } from './api-error.js';
import { IDEMPOTENCY_KEY, isWrite, newIdempotencyKey } from './idempotency.js';
import { readBody } from './read-body.js';
import { API_BASE, routeUrl, type CallRequest } from './route-url.js';
import { toServerError, type ServerError } from './server-error.js';
import type { TokenStore } from './token-store.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every call answers unless the server failed: error statuses come back, not thrown. */
export interface ApiResponse<T = unknown> {
  ok: boolean;
  status: number;
  body: T;
}

/** What `api.send(contract, …)` answers: the parsed success answer, or the error status with its body. */
export type RouteResult<C extends RouteContract> =
  | { ok: true; status: number; body: RouteResponse<C> }
  | { ok: false; status: number; body: unknown };

/** How one write is sent. */
export interface SendOptions {
  /**
   * The Idempotency-Key of the user action this send belongs to (see `WriteAction`): every send
   * of one action, the user's own retries included, carries the same key, so the server carries
   * it out once. Without it, the write gets a key of its own.
   */
  idempotencyKey?: string;
  /** Sends this call through another fetch (an upload that reports its progress), not the client's own. */
  transport?: typeof globalThis.fetch;
}

/** The request argument of `send` and `call`: left out when the route needs nothing. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type CallArgs<C extends RouteContract> = {} extends CallRequest<C> ? [request?: CallRequest<C>, options?: SendOptions] : [request: CallRequest<C>, options?: SendOptions];

export interface ApiClientOptions {
  fetch: typeof globalThis.fetch;
  tokens: TokenStore;
  /** Runs when a refresh fails: the session is over and the user must sign in again. */
  onUnauthorized: () => void;
  /** Receives a server crash report (spec §8) before the call throws 'server error'. */
  onServerError: (error: ServerError) => void;
  baseUrl?: string;
  /** Makes the Idempotency-Key of each write (tests pass a counter). */
  newKey?: () => string;
  /**
   * How long to wait before each re-send of a write the server stored but answered 202 "pending"
   * (read models still catching up); the re-send carries the same key and gets the full answer.
   */
  pendingRetryMs?: readonly number[];
  /** Told when a write is stored but pending, and when its full answer (or the last try) came. */
  pendingWrites?: PendingWrites;
}

const PENDING_RETRY_MS = [250, 500, 1000, 2000, 4000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 202 `{pending, position, message}`: the write is stored, the read models have not caught up. */
const isPending = (answer: ApiResponse): boolean => answer.status === 202 && pendingAnswer.safeParse(answer.body).success;

/** A body sent as is, without JSON encoding (e.g. an OFX file). */
class RawBody {
  constructor(readonly value: BodyInit) {}
}

const REFRESH_PATH = `${API_BASE}${refreshTokens.path}`;

/** The message of the error thrown after a server crash was handed to onServerError. */
export const SERVER_ERROR = 'server error';

/** The transport of spec §8: bearer tokens, one shared refresh, server-error capture. */
export class ApiClient {
  private refreshing: Promise<boolean> | null = null;

  constructor(private readonly options: ApiClientOptions) {}

  get<T = unknown>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, body);
  }

  postRaw<T = unknown>(path: string, body: BodyInit): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, new RawBody(body));
  }

  put<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, body);
  }

  patch<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, body);
  }

  delete<T = unknown>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path);
  }

  /**
   * One call of a route contract: builds the URL from its path, params and query, sends the body
   * (raw for `bodyType: 'text'`), and parses a success answer with the route's response schema.
   * Error statuses come back as `{ok: false}` for forms to show; an ok answer that breaks the
   * contract throws an `ApiError` ('invalid response'), never passes as an empty result.
   */
  async send<C extends RouteContract>(contract: C, ...[request = {} as CallRequest<C>, options = {}]: CallArgs<C>): Promise<RouteResult<C>> {
    const url = routeUrl(contract, request);
    const raw = contract.bodyType === 'text' && typeof request.body === 'string';
    const body = raw ? new RawBody(request.body as string) : request.body;
    const response = await this.request(contract.method, url, body, options.idempotencyKey, options.transport);
    if (!response.ok) return { ok: false, status: response.status, body: response.body };
    if (isPending(response)) throw ApiError.pending(response.body);
    return { ok: true, status: response.status, body: parseAnswer(contract, response) };
  }

  /** Like `send`, but an error status throws an `ApiError` too: for reads, whose only outcome is the data. */
  async call<C extends RouteContract>(contract: C, ...args: CallArgs<C>): Promise<RouteResponse<C>> {
    const result = await this.send(contract, ...args);
    if (!result.ok) throw ApiError.status(result.status, result.body);
    return result.body;
  }

  /**
   * Sends one request. A write carries the Idempotency-Key of its user action (`idempotencyKey`,
   * else a fresh one), and every re-send carries the same key: after a token refresh, and after a
   * 202 "pending" answer (stored, read models catching up), whose re-send answers in full once
   * they have caught up.
   */
  async request<T = unknown>(method: Method, path: string, body?: unknown, idempotencyKey?: string, transport?: typeof globalThis.fetch): Promise<ApiResponse<T>> {
    const key = isWrite(method) ? (idempotencyKey ?? this.newKey()) : null;
    const waits = this.options.pendingRetryMs ?? PENDING_RETRY_MS;
    let pending = false;
    try {
      for (let attempt = 0; ; attempt += 1) {
        const answer = await this.finish<T>(await this.attempt(method, path, body, key, transport));
        const wait = waits[attempt];
        if (key === null || wait === undefined || !isPending(answer)) return answer;
        if (!pending) {
          pending = true;
          const message = (answer.body as { message?: unknown }).message;
          this.options.pendingWrites?.started(typeof message === 'string' ? message : 'Saved — updating balances…');
        }
        await sleep(wait);
      }
    } finally {
      if (pending) this.options.pendingWrites?.ended();
    }
  }

  /** One send, and once more with a renewed access token after a 401. */
  private async attempt(method: Method, path: string, body: unknown, key: string | null, transport?: typeof globalThis.fetch): Promise<Response> {
    const { tokens } = this.options;
    const sentWith = tokens.access;
    const response = await this.transmit(method, path, body, sentWith, key, transport);
    if (response.status !== 401 || tokens.refresh === null) return response;
    // Another call may already have refreshed while this one was in flight.
    const renewed = tokens.access !== sentWith || (await this.refreshOnce());
    return renewed ? this.transmit(method, path, body, tokens.access, key, transport) : response;
  }

  private newKey(): string {
    return (this.options.newKey ?? newIdempotencyKey)();
  }

  private transmit(method: Method, path: string, body: unknown, access: string | null, key: string | null, transport = this.options.fetch): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (access !== null) headers.Authorization = `Bearer ${access}`;
    if (key !== null) headers[IDEMPOTENCY_KEY] = key;
    const init: RequestInit = { method, headers };
    if (body instanceof RawBody) {
      init.body = body.value;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return transport(`${this.options.baseUrl ?? ''}${path}`, init);
  }

  private refreshOnce(): Promise<boolean> {
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    const { tokens } = this.options;
    const response = await this.transmit('POST', REFRESH_PATH, { data: { refresh: tokens.refresh } }, null, this.newKey());
    const renewed = response.ok ? refreshTokens.response.safeParse(await readBody(response)) : null;
    if (renewed?.success) {
      tokens.set(renewed.data.data);
      return true;
    }
    tokens.clear();
    this.options.onUnauthorized();
    return false;
  }

  private async finish<T>(response: Response): Promise<ApiResponse<T>> {
    const body = await readBody(response);
    const serverError = toServerError(response.status, body);
    if (serverError !== null) {
      this.options.onServerError(serverError);
      throw new Error(SERVER_ERROR);
    }
    return { ok: response.ok, status: response.status, body: body as T };
  }
}

/** The success answer read with the route's response schema; a mismatch is an error, not an empty result. */
function parseAnswer<C extends RouteContract>(contract: C, response: ApiResponse): RouteResponse<C> {
  if (contract.response === null) return undefined as RouteResponse<C>;
  const parsed = contract.response.safeParse(response.body);
  if (!parsed.success) {
    console.error(`${contract.method} ${contract.path} answered outside its contract`, parsed.error.issues);
    throw ApiError.invalidResponse(response.status, response.body, `${contract.id}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as RouteResponse<C>;
}
