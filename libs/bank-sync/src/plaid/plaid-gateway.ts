import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlaidApi } from 'plaid';
import { plaidCallDuration, plaidCallErrors } from '@budget/platform';
import { ProviderLog } from '../provider-log/provider-log.js';
import { PlaidCallError } from './plaid-call-error.js';
import { redact } from './redact.js';

export const PLAID_API = Symbol.for('budget.bank-sync.PlaidApi');

/** Whose call it is, for the provider log. */
export interface PlaidCaller {
  userId: string | null;
  itemId: string | null;
}

interface AxiosLike {
  status?: number;
  data?: unknown;
  config?: { url?: string };
}

/**
 * The one way to call Plaid: `gateway.as({userId, itemId}).transactionsSync({...})` has the
 * `PlaidApi` surface, and every call through it is timed and written to the provider log with its
 * request and answer redacted, its status, Plaid's request id and error code. A failure is thrown
 * as a `PlaidCallError` (never the HTTP client's error, which holds the app's secret).
 */
@Injectable()
export class PlaidGateway {
  private readonly logger = new Logger('PlaidGateway');

  constructor(
    @Inject(PLAID_API) private readonly api: PlaidApi,
    @Inject(ProviderLog) private readonly log: ProviderLog,
  ) {}

  as(caller: PlaidCaller): PlaidApi {
    const api = this.api;
    return new Proxy(api, {
      get: (target, property, receiver) => {
        const member: unknown = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || typeof member !== 'function' || property === 'constructor') return member;
        return (...args: unknown[]) => this.call(caller, property, () => (member as (...a: unknown[]) => Promise<AxiosLike>).apply(target, args), args[0]);
      },
    });
  }

  private async call(caller: PlaidCaller, method: string, send: () => Promise<AxiosLike>, request: unknown): Promise<AxiosLike> {
    const started = performance.now();
    const secrets = secretsIn(request);
    try {
      const response = await send();
      secrets.push(...secretsIn(response.data));
      const data = response.data as { request_id?: string } | undefined;
      await this.write(caller, endpointOf(response, method), response.status ?? 200, started, data?.request_id ?? null, null, request, response.data, secrets);
      return response;
    } catch (error) {
      const answer = (error as { response?: AxiosLike }).response;
      const body = (answer?.data ?? null) as { error_type?: string; error_code?: string; error_message?: string; display_message?: string | null; request_id?: string } | null;
      const endpoint = endpointOf(answer ?? (error as AxiosLike), method);
      const status = answer?.status ?? 0;
      const code = body?.error_code ?? (answer ? `HTTP_${status}` : 'PROVIDER_UNREACHABLE');
      await this.write(caller, endpoint, status, started, body?.request_id ?? null, code, request, body, secrets);
      throw new PlaidCallError(
        endpoint, status, body?.error_type ?? null, code, body?.display_message ?? null, body?.request_id ?? null,
        body?.error_message ?? (answer ? `Plaid answered ${status}` : 'Plaid could not be reached'),
      );
    }
  }

  private async write(caller: PlaidCaller, endpoint: string, status: number, started: number, requestId: string | null, errorCode: string | null, request: unknown, response: unknown, secrets: string[]) {
    const seconds = (performance.now() - started) / 1000;
    plaidCallDuration.observe({ endpoint, outcome: errorCode ? 'error' : 'ok' }, seconds);
    if (errorCode) plaidCallErrors.inc({ endpoint, status: String(status) });
    // A log row that cannot be written never turns Plaid's answer (or its error) into another failure.
    await this.log
      .record({
        userId: caller.userId, itemId: caller.itemId, endpoint, status, durationMs: Math.round(performance.now() - started),
        requestId, errorCode, request: redact(request, secrets), response: redact(response, secrets),
      })
      .catch((error: unknown) => this.logger.warn(`provider log not written for ${endpoint}: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** `/item/public_token/exchange` from the answer's URL, else the client's method name. */
function endpointOf(response: AxiosLike | undefined, method: string): string {
  const url = response?.config?.url;
  if (url) {
    try {
      return new URL(url).pathname;
    } catch {
      // a relative URL: fall back to the method
    }
  }
  return method;
}

/** Token values in a request or answer, so they are scrubbed wherever else they appear. */
function secretsIn(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const found: string[] = [];
  for (const key of ['access_token', 'public_token']) {
    const token = (value as Record<string, unknown>)[key];
    if (typeof token === 'string') found.push(token);
  }
  return found;
}
