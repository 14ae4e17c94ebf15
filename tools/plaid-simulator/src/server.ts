import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import {
  Products,
  type InstitutionsGetByIdResponse,
  type ItemPublicTokenExchangeResponse,
  type ItemRemoveResponse,
  type ItemWebhookUpdateResponse,
  type LinkTokenCreateResponse,
  type SandboxItemFireWebhookResponse,
  type SandboxItemResetLoginResponse,
  type SandboxPublicTokenCreateResponse,
  type SandboxTransactionsCreateResponse,
  type SyncUpdatesAvailableWebhook,
  type Transaction,
  type TransactionsRefreshResponse,
  type WebhookVerificationKeyGetResponse,
} from 'plaid';
import { PlaidFailure, isKnownCode, plaidError, requestId } from './errors.js';
import { Simulator, type ControlTransaction, type CreateItemOptions, type SavedState, type SimItem } from './simulator.js';

export interface PlaidSimulatorOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
  /** The fake banks' "today" (YYYY-MM-DD); default the current UTC date. Fix it for reproducible dates. */
  today?: string;
  /** When set, only these credentials are accepted (else any non-empty client_id and secret). */
  credentials?: { clientId: string; secret: string };
  /**
   * A JSON file that keeps the items (as made, plus what happened to them) across restarts, so a
   * product that stored an access token and a cursor goes on syncing. Without it, state is in memory.
   */
  stateFile?: string;
  /** Logs one line per request to this function (the CLI passes console.log). */
  log?: (line: string) => void;
}

export interface Fault {
  id: string;
  item_id: string | null;
  /** A Plaid path such as '/transactions/sync', or '*' for every Plaid endpoint but the /sandbox/ ones. */
  endpoint: string;
  error_code: string | null;
  /** Requests it still applies to; null = until cleared. */
  times: number | null;
  delayMs: number;
}

export interface WebhookDelivery {
  url: string;
  body: unknown;
  status: number | null;
  error: string | null;
  at: string;
}

export interface RunningPlaidSimulator {
  /** Base URL for the plaid client's `basePath`, e.g. http://127.0.0.1:4010 */
  url: string;
  port: number;
  simulator: Simulator;
  faults: Fault[];
  webhooks: WebhookDelivery[];
  close(): Promise<void>;
}

type Body = Record<string, unknown>;
type Handler = (body: Body, item: SimItem | undefined, endpoint: string) => Promise<object> | object;

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the simulator's HTTP server; resolves once it listens. */
export async function startPlaidSimulator(options: PlaidSimulatorOptions = {}): Promise<RunningPlaidSimulator> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  const simulator = new Simulator({ today });
  const stateFile = options.stateFile;
  if (stateFile && existsSync(stateFile)) simulator.load(JSON.parse(readFileSync(stateFile, 'utf8')) as SavedState);
  const save = () => {
    if (!stateFile) return;
    mkdirSync(dirname(stateFile), { recursive: true });
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(simulator.save()));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  const faults: Fault[] = [];
  const webhooks: WebhookDelivery[] = [];
  // Webhooks are signed as Plaid signs them: an ES256 JWT in `Plaid-Verification` holding the body's
  // SHA-256, its key served by /webhook_verification_key/get (a new key each start).
  const signing = await generateKeyPair('ES256', { extractable: true });
  const keyId = randomUUID();
  const publicJwk = { ...(await exportJWK(signing.publicKey)), alg: 'ES256', use: 'sig', kid: keyId, created_at: Math.floor(Date.now() / 1000), expired_at: null };

  async function deliver(item: SimItem, body: object): Promise<boolean> {
    if (!item.webhook) return false;
    const delivery: WebhookDelivery = { url: item.webhook, body, status: null, error: null, at: new Date().toISOString() };
    webhooks.push(delivery);
    try {
      const text = JSON.stringify(body);
      const verification = await new SignJWT({ request_body_sha256: createHash('sha256').update(text).digest('hex') })
        .setProtectedHeader({ alg: 'ES256', kid: keyId, typ: 'JWT' })
        .setIssuedAt()
        .sign(signing.privateKey);
      const response = await fetch(item.webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'plaid-verification': verification },
        body: text,
        signal: AbortSignal.timeout(5_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return true;
  }

  const syncUpdates = (item: SimItem): SyncUpdatesAvailableWebhook => ({
    webhook_type: 'TRANSACTIONS',
    webhook_code: 'SYNC_UPDATES_AVAILABLE',
    item_id: item.item_id,
    initial_update_complete: true,
    historical_update_complete: true,
    environment: 'sandbox' as SyncUpdatesAvailableWebhook['environment'],
  });

  const need = (body: Body, ...fields: string[]) => {
    const missing = fields.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
    if (missing.length > 0) throw plaidError('MISSING_FIELDS', '', missing.join(', '));
  };

  /** Plaid endpoints. Those given an access_token get its item (resolved before faults, so faults can target an item). */
  const plaid: Record<string, Handler> = {
    '/link/token/create': (body): Omit<LinkTokenCreateResponse, 'request_id'> => {
      need(body, 'client_name', 'language', 'country_codes');
      const accessToken = typeof body.access_token === 'string' ? body.access_token : null;
      if (accessToken) simulator.itemByToken(accessToken);
      else need(body, 'user', 'products');
      const token = `link-sandbox-${randomUUID()}`;
      simulator.linkTokens.set(token, { access_token: accessToken, webhook: typeof body.webhook === 'string' ? body.webhook : null, products: (body.products as Products[]) ?? [] });
      return { link_token: token, expiration: new Date(Date.now() + 4 * 3_600_000).toISOString() };
    },
    '/item/public_token/exchange': (body): Omit<ItemPublicTokenExchangeResponse, 'request_id'> => {
      need(body, 'public_token');
      return simulator.exchange(String(body.public_token));
    },
    '/accounts/get': (body, item) => simulator.accountsGet(item!, accountIds(body)),
    '/accounts/balance/get': (body, item) => simulator.accountsGet(item!, accountIds(body)),
    '/transactions/sync': (body, item) => simulator.sync(item!, body.cursor, body.count),
    '/item/get': (_body, item) => simulator.itemGet(item!),
    // Plaid answers at once and fetches in the background; the simulator's bank has nothing more until advanced.
    '/transactions/refresh': (_body, item): Omit<TransactionsRefreshResponse, 'request_id'> => {
      simulator.requireLogin(item!);
      return {};
    },
    '/item/remove': (_body, item): Omit<ItemRemoveResponse, 'request_id'> => {
      simulator.removeItem(item!);
      return {};
    },
    '/item/webhook/update': (body, item): Omit<ItemWebhookUpdateResponse, 'request_id'> => {
      item!.webhook = typeof body.webhook === 'string' && body.webhook ? body.webhook : null;
      return { item: simulator.plaidItem(item!) };
    },
    '/webhook_verification_key/get': (body): Omit<WebhookVerificationKeyGetResponse, 'request_id'> => {
      need(body, 'key_id');
      if (body.key_id !== keyId) throw plaidError('INVALID_FIELD', '', 'key_id is not a key of this simulator');
      return { key: publicJwk as WebhookVerificationKeyGetResponse['key'] };
    },
    '/institutions/get_by_id': (body): Omit<InstitutionsGetByIdResponse, 'request_id'> => {
      need(body, 'institution_id', 'country_codes');
      return { institution: simulator.bank(String(body.institution_id)).institution };
    },
    '/sandbox/public_token/create': (body): Omit<SandboxPublicTokenCreateResponse, 'request_id'> => {
      need(body, 'institution_id', 'initial_products');
      const opts = (body.options ?? {}) as Body & { transactions?: { days_requested?: number } };
      if (!Array.isArray(body.initial_products) || body.initial_products.length === 0) throw plaidError('INVALID_FIELD', '', 'initial_products');
      const create: CreateItemOptions = {
        institution_id: String(body.institution_id),
        initial_products: body.initial_products as Products[],
        webhook: typeof opts.webhook === 'string' ? opts.webhook : null,
        override_accounts: Array.isArray(opts.override_accounts) ? opts.override_accounts.map(String) : undefined,
        seed: typeof opts.seed === 'string' ? opts.seed : undefined,
        transaction_count: opts.transaction_count as number | undefined,
        days_requested: opts.transactions?.days_requested,
      };
      return { public_token: simulator.createPublicToken(create) };
    },
    '/sandbox/transactions/create': (body, item): Omit<SandboxTransactionsCreateResponse, 'request_id'> => {
      if (!Array.isArray(body.transactions) || body.transactions.length === 0) throw plaidError('MISSING_FIELDS', '', 'transactions');
      simulator.addCustom(item!, body.transactions);
      return {};
    },
    '/sandbox/item/reset_login': (_body, item): Omit<SandboxItemResetLoginResponse, 'request_id'> => {
      item!.loginRequired = true;
      return { reset_login: true };
    },
    '/sandbox/item/fire_webhook': async (body, item): Promise<Omit<SandboxItemFireWebhookResponse, 'request_id'>> => {
      need(body, 'webhook_code');
      if (body.webhook_code !== 'SYNC_UPDATES_AVAILABLE' && body.webhook_code !== 'DEFAULT_UPDATE') {
        throw plaidError('INVALID_FIELD', '', 'the simulator fires SYNC_UPDATES_AVAILABLE and DEFAULT_UPDATE');
      }
      if (!item!.webhook) throw plaidError('INVALID_FIELD', '', 'the item has no webhook');
      const payload =
        body.webhook_code === 'SYNC_UPDATES_AVAILABLE'
          ? syncUpdates(item!)
          : { webhook_type: 'TRANSACTIONS', webhook_code: 'DEFAULT_UPDATE', item_id: item!.item_id, new_transactions: 0, error: null, environment: 'sandbox' };
      return { webhook_fired: await deliver(item!, payload) };
    },
  };
  const ITEM_ENDPOINTS = new Set(Object.keys(plaid).filter((p) => !['/link/token/create', '/item/public_token/exchange', '/institutions/get_by_id', '/sandbox/public_token/create', '/webhook_verification_key/get'].includes(p)));

  function authenticate(req: IncomingMessage, body: Body): void {
    const clientId = header(req, 'plaid-client-id') ?? body.client_id;
    const secret = header(req, 'plaid-secret') ?? body.secret;
    const missing = [!clientId && 'client_id', !secret && 'secret'].filter(Boolean);
    if (missing.length > 0) throw plaidError('MISSING_FIELDS', '', missing.join(', '));
    if (options.credentials && (clientId !== options.credentials.clientId || secret !== options.credentials.secret)) throw plaidError('INVALID_API_KEYS');
  }

  /** Takes the first fault for this request (counting it down) and waits its delay; answers its error if it has one. */
  async function applyFault(endpoint: string, item: SimItem | undefined): Promise<void> {
    // '*' means the product's endpoints: the sandbox ones are the tests' own controls.
    const matches = (f: Fault) => f.endpoint === endpoint || (f.endpoint === '*' && !endpoint.startsWith('/sandbox/'));
    const index = faults.findIndex((f) => matches(f) && (f.item_id === null || f.item_id === item?.item_id));
    if (index < 0) return;
    const fault = faults[index]!;
    if (fault.times !== null && --fault.times <= 0) faults.splice(index, 1);
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.error_code) throw plaidError(fault.error_code, endpoint);
  }

  async function control(method: string, path: string, body: Body): Promise<{ status: number; body: unknown }> {
    if (method === 'GET' && path === '/simulator/health') return { status: 200, body: { ok: true, today } };
    if (method === 'GET' && path === '/simulator/institutions') return { status: 200, body: { institutions: simulator.institutions() } };
    if (method === 'POST' && path === '/simulator/reset') {
      simulator.reset();
      faults.length = 0;
      webhooks.length = 0;
      return { status: 200, body: { reset: true } };
    }
    if (path === '/simulator/faults') {
      if (method === 'GET') return { status: 200, body: { faults } };
      if (method === 'DELETE') {
        faults.length = 0;
        return { status: 200, body: { faults } };
      }
      if (method === 'POST') {
        const fault = parseFault(body);
        faults.push(fault);
        return { status: 201, body: fault };
      }
    }
    if (method === 'GET' && path === '/simulator/webhooks') return { status: 200, body: { webhooks } };
    if (method === 'GET' && path === '/simulator/items') return { status: 200, body: { items: simulator.describeItems() } };
    const advance = /^\/simulator\/items\/([^/]+)\/advance$/.exec(path);
    if (method === 'POST' && advance) {
      const item = simulator.itemById(decodeURIComponent(advance[1]!));
      if (!item) throw new ControlError(404, 'no such item');
      const advanced = simulator.advance(item);
      const webhook = advanced && body.webhook !== false ? await deliver(item, syncUpdates(item)) : false;
      return { status: 200, body: { advanced, stage: item.stage, webhook_fired: webhook } };
    }
    const rows = /^\/simulator\/items\/([^/]+)\/transactions$/.exec(path);
    if (method === 'POST' && rows) {
      const item = simulator.itemById(decodeURIComponent(rows[1]!));
      if (!item) throw new ControlError(404, 'no such item');
      if (!Array.isArray(body.transactions) || body.transactions.length === 0) throw new ControlError(400, 'transactions must be a non-empty array');
      let added: Transaction[];
      try {
        added = simulator.addControl(item, body.transactions as ControlTransaction[]);
      } catch (error) {
        if ((error as { invalid?: boolean }).invalid) throw new ControlError(400, (error as Error).message);
        throw error;
      }
      const webhook = body.webhook !== false && item.webhook ? await deliver(item, syncUpdates(item)) : false;
      return { status: 201, body: { transactions: added, webhook_fired: webhook } };
    }
    if (method === 'POST' && path === '/simulator/link/complete') return { status: 200, body: completeLink(body) };
    throw new ControlError(404, `no such simulator route: ${method} ${path}`);
  }

  /**
   * What the simulated Link dialog calls when the user is done: in update mode (a link token made
   * with an access_token) it clears ITEM_LOGIN_REQUIRED; otherwise it links `institution_id` with
   * `account_ids` (keys or ids) and answers a public token, like Link's onSuccess.
   */
  function completeLink(body: Body): object {
    const link = typeof body.link_token === 'string' ? simulator.linkTokens.get(body.link_token) : undefined;
    if (!link) throw new ControlError(400, 'link_token is unknown');
    if (link.access_token) {
      const item = simulator.itemByToken(link.access_token);
      item.loginRequired = false;
      return { item_id: item.item_id, update_mode: true };
    }
    if (typeof body.institution_id !== 'string') throw new ControlError(400, 'institution_id is required');
    const accounts = Array.isArray(body.account_ids) ? body.account_ids.map(String) : undefined;
    const products = link.products.length > 0 ? link.products : [Products.Transactions];
    return { public_token: simulator.createPublicToken({ institution_id: body.institution_id, initial_products: products, webhook: link.webhook, override_accounts: accounts }) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://simulator').pathname;
    const method = req.method ?? 'GET';
    const rid = requestId();
    const started = Date.now();
    let status = 200;
    let answer: unknown;
    try {
      const raw = await readBody(req);
      let body: Body = {};
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw) as Body;
        } catch {
          throw path.startsWith('/simulator/') ? new ControlError(400, 'body is not JSON') : plaidError('INVALID_BODY');
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw plaidError('INVALID_BODY');
      }
      if (path.startsWith('/simulator/')) {
        ({ status, body: answer } = await control(method, path, body));
      } else {
        const handler = plaid[path];
        if (!handler || method !== 'POST') throw plaidError('NOT_FOUND', path, `${method} ${path}`);
        authenticate(req, body);
        let item: SimItem | undefined;
        if (ITEM_ENDPOINTS.has(path)) {
          need(body, 'access_token');
          item = simulator.itemByToken(body.access_token);
        }
        await applyFault(path, item);
        answer = { ...(await handler(body, item, path)), request_id: rid };
      }
    } catch (error) {
      if (error instanceof PlaidFailure) {
        status = error.status;
        answer = { ...error.body, request_id: rid };
      } else if (error instanceof ControlError) {
        status = error.status;
        answer = { error: error.message };
      } else {
        status = 500;
        answer = { ...plaidError('INTERNAL_SERVER_ERROR').body, request_id: rid };
        options.log?.(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
    if (method !== 'GET') save();
    const text = JSON.stringify(answer);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...(path.startsWith('/simulator/') ? { 'access-control-allow-origin': '*' } : {}),
    });
    res.end(text);
    options.log?.(`${method} ${path} ${status} ${Date.now() - started}ms`);
  }

  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, DELETE', 'access-control-allow-headers': 'content-type' });
      res.end();
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    simulator,
    faults,
    webhooks,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function parseFault(body: Body): Fault {
  const endpoint = typeof body.endpoint === 'string' && body.endpoint ? body.endpoint : '*';
  if (endpoint !== '*' && !endpoint.startsWith('/')) throw new ControlError(400, "endpoint is a Plaid path such as '/transactions/sync', or '*'");
  const code = body.error_code ?? null;
  if (code !== null && (typeof code !== 'string' || !isKnownCode(code))) throw new ControlError(400, `error_code ${String(code)} is not one the simulator knows`);
  const times = body.times === undefined ? 1 : body.times;
  if (times !== null && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) throw new ControlError(400, 'times is a positive integer, or null for until cleared');
  const delayMs = body.delayMs ?? 0;
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 120_000) throw new ControlError(400, 'delayMs is an integer from 0 to 120000');
  if (code === null && delayMs === 0) throw new ControlError(400, 'a fault needs an error_code, a delayMs, or both');
  const itemId = body.item_id ?? null;
  if (itemId !== null && typeof itemId !== 'string') throw new ControlError(400, 'item_id is a string');
  return { id: randomUUID(), item_id: itemId, endpoint, error_code: code, times, delayMs };
}

function accountIds(body: Body): string[] | undefined {
  const ids = (body.options as { account_ids?: unknown } | undefined)?.account_ids;
  return Array.isArray(ids) ? ids.map(String) : undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value || undefined;
}

const MAX_BODY = 10 * 1024 * 1024;
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(plaidError('INVALID_BODY', '', 'body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
