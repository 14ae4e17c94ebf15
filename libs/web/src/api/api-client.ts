import { readBody } from './read-body.js';
import { toServerError, type ServerError } from './server-error.js';
import { readTokens } from './read-tokens.js';
import type { TokenStore } from './token-store.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every call answers unless the server failed: error statuses come back, not thrown. */
export interface ApiResponse<T = unknown> {
  ok: boolean;
  status: number;
  body: T;
}

export interface ApiClientOptions {
  fetch: typeof globalThis.fetch;
  tokens: TokenStore;
  /** Runs when a refresh fails: the session is over and the user must sign in again. */
  onUnauthorized: () => void;
  /** Receives a server crash report (spec §8) before the call throws 'server error'. */
  onServerError: (error: ServerError) => void;
  baseUrl?: string;
}

/** A body sent as is, without JSON encoding (e.g. an OFX file). */
class RawBody {
  constructor(readonly value: BodyInit) {}
}

const REFRESH_PATH = '/api/v1/refresh';

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

  async request<T = unknown>(method: Method, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const { tokens } = this.options;
    const sentWith = tokens.access;
    let response = await this.send(method, path, body, sentWith);
    if (response.status === 401 && tokens.refresh !== null) {
      // Another call may already have refreshed while this one was in flight.
      const renewed = tokens.access !== sentWith || (await this.refreshOnce());
      if (renewed) response = await this.send(method, path, body, tokens.access);
    }
    return this.finish<T>(response);
  }

  private send(method: Method, path: string, body: unknown, access: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (access !== null) headers.Authorization = `Bearer ${access}`;
    const init: RequestInit = { method, headers };
    if (body instanceof RawBody) {
      init.body = body.value;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return this.options.fetch(`${this.options.baseUrl ?? ''}${path}`, init);
  }

  private refreshOnce(): Promise<boolean> {
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    const { tokens } = this.options;
    const response = await this.send('POST', REFRESH_PATH, { data: { refresh: tokens.refresh } }, null);
    const renewed = response.ok ? readTokens(await readBody(response)) : null;
    if (renewed !== null) {
      tokens.set(renewed);
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
