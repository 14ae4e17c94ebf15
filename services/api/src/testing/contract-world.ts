import { randomInt } from 'node:crypto';
import type { RouteContract } from '@budget/contracts';
import { GOOD_PASSWORD, newIdentity, type SignedUpUser } from '@budget/identity/testing';
import type { ApiTestApp } from './api-test-app.js';

/**
 * Shared ground for the generated contract tests (`src/tests/contracts`): a signed-in user with
 * one row of every kind a path parameter can name, a way to pick the right row for any
 * `{param}` of any route in `apiRoutes`, and one way to send a request built from parts.
 */

/** Rows of the signed-in user that path parameters and id fields point at. */
export interface WorldIds {
  /** A group and a category inside it, made for the tests (free to rename, move or delete). */
  group: string;
  category: string;
  /** Default-budget rows. */
  food: string;
  groceries: string;
  fundingPool: string;
  institution: string;
  /** A checking account (tracks transactions) and a brokerage account (tracks balances). */
  account: string;
  balancesAccount: string;
  transaction: string;
  statement: string;
  balance: string;
  categoryTransfer: string;
}

export interface World {
  user: SignedUpUser;
  ids: WorldIds;
  /** Steps of the set-up that failed (a route not converted yet…); their ids are stand-ins. */
  warnings: string[];
}

/** A well-formed id that names no row (stands in for a row the set-up could not make). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-00000000c0de';

/** A client address of its own per call, so the per-IP rate limits never decide a test's answer. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/** Sign up (register, read the code, verify) from fresh client addresses. */
export async function signUpUser(t: ApiTestApp, label = 'contract'): Promise<SignedUpUser> {
  const { username, email } = newIdentity(label);
  const registered = await t.http.post('register', { username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD }, undefined, randomIp());
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const verified = await t.http.post('code-verify', { email, code: t.mail.codeSentTo(email) }, undefined, randomIp());
  if (verified.status !== 200) throw new Error(`code-verify answered ${verified.status}: ${verified.body}`);
  const { access, refresh } = verified.json<{ data: { access: string; refresh: string } }>().data;
  return { username, email, password: GOOD_PASSWORD, access, refresh };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Answers are read loosely: some routes wrap them in `data`, some do not. */
const unwrap = (body: Json): Json => (body && typeof body === 'object' && 'data' in body ? body.data : body);

/**
 * Given a signed-in user: a group with a category, an institution with a checking and a
 * brokerage account, a transaction, a statement, a balance entry and a category transfer. Each
 * step that fails leaves `UNKNOWN_ID` in its place and a warning (routes change under way).
 */
export async function buildWorld(t: ApiTestApp, user: SignedUpUser): Promise<World> {
  const warnings: string[] = [];
  const token = user.access;
  const step = async (name: string, make: () => Promise<string | undefined>): Promise<string> => {
    try {
      const made = await make();
      if (typeof made === 'string' && made.length > 0) return made;
      warnings.push(`${name}: no id in the answer`);
    } catch (error) {
      warnings.push(`${name}: ${(error as Error).message}`);
    }
    return UNKNOWN_ID;
  };
  const json = async (response: Promise<{ status: number; body: string; json(): Json }>, what: string): Promise<Json> => {
    const answer = await response;
    if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return unwrap(answer.json());
  };

  const tree = await json(t.http.get('groups', token), 'GET /groups').catch((error: Error) => {
    warnings.push(error.message);
    return { groups: [], categories: [] } as Json;
  });
  const groupNamed = (name: string) => (tree.groups as Json[]).find((g) => g.name === name)?.id as string | undefined;
  const categoryNamed = (name: string) => (tree.categories as Json[]).find((c) => c.name === name)?.id as string | undefined;
  const food = await step('the Food group', async () => groupNamed('Food'));
  const groceries = await step('the Groceries category', async () => categoryNamed('Groceries'));
  const fundingPool = await step('the Funding Pool category', async () => categoryNamed('Funding Pool'));

  const group = await step('POST /groups', async () => (await json(t.http.post('groups', { name: `Contract ${randomInt(1e9)}`, parentGroupId: null }, token), 'POST /groups')).id);
  const category = await step('POST /groups/{id}/categories', async () =>
    (await json(t.http.post(`groups/${group}/categories`, { name: 'Contract category' }, token), 'POST /groups/{id}/categories')).id);

  let account = UNKNOWN_ID;
  let balancesAccount = UNKNOWN_ID;
  const institution = await step('POST /institution', async () => {
    const made = await json(
      t.http.post(
        'institution',
        {
          institution: { name: 'Contract Bank' },
          accounts: [
            { name: 'Checking', balance: 100, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
            { name: 'Brokerage', balance: 900, type: 'investment', subtype: 'brokerage', tracking: 'Balances' },
          ],
          startDate: '2025-03-01',
        },
        token,
      ),
      'POST /institution',
    );
    const accounts = (made.accounts ?? []) as Json[];
    account = accounts.find((a) => a.name === 'Checking')?.id ?? UNKNOWN_ID;
    balancesAccount = accounts.find((a) => a.name === 'Brokerage')?.id ?? UNKNOWN_ID;
    return made.id;
  });
  const transaction = await step('POST /account/{id}/transactions', async () => {
    const made = await json(
      t.http.post(`account/${account}/transactions`, { date: '2025-03-04', name: 'Shop', amount: -5, principle: 0, categories: [{ categoryId: groceries, amount: -5 }] }, token),
      'POST /account/{id}/transactions',
    );
    return made.transaction?.id;
  });
  const statement = await step('POST /account/{id}/statements', async () =>
    (await json(t.http.post(`account/${account}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 100, endingBalance: 95 }, token), 'POST /account/{id}/statements')).id);
  const balance = await step('GET /account/{id}/balances', async () => {
    const list = await json(t.http.get(`account/${balancesAccount}/balances`, token), 'GET /account/{id}/balances');
    return (Array.isArray(list) ? list : ((list.balances ?? []) as Json[]))[0]?.id;
  });
  const categoryTransfer = await step('POST /category-transfer', async () => {
    const made = await json(
      t.http.post('category-transfer', { date: '2025-08-02', type: 3, categories: [{ categoryId: fundingPool, amount: -5 }, { categoryId: groceries, amount: 5 }] }, token),
      'POST /category-transfer',
    );
    return made.transaction?.id;
  });
  return {
    user,
    warnings,
    ids: { group, category, food, groceries, fundingPool, institution, account, balancesAccount, transaction, statement, balance, categoryTransfer },
  };
}

/** Which row a path segment before `{param}` (or the parameter's own name) points at. */
const BY_SEGMENT: [RegExp, (ids: WorldIds, path: string) => string][] = [
  [/^accounts?$/, (ids, path) => (/\/balances?\b/.test(path) ? ids.balancesAccount : ids.account)],
  [/^institutions?$/, (ids) => ids.institution],
  [/^groups?$/, (ids) => ids.group],
  [/^(categories|category|item)$/, (ids) => ids.category],
  [/^transactions?$/, (ids) => ids.transaction],
  [/^statements?$/, (ids) => ids.statement],
  [/^balances?$/, (ids) => ids.balance],
  [/^category-transfers?$/, (ids) => ids.categoryTransfer],
  // Not an id: the month view's `YYYY-MM`, a month of the world's rows (the ownership walk then
  // checks that the other user's answer names none of the owner's rows).
  [/^months$/, () => '2025-08'],
];

/** The id a route's `{param}` should carry so the call reaches a row of the signed-in user. */
export function pathIdFor(path: string, param: string, ids: WorldIds): string {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const before = at > 0 ? segments[at - 1]! : '';
  for (const [pattern, pick] of BY_SEGMENT) if (pattern.test(before)) return pick(ids, path);
  const name = param.replace(/Id$/, '').toLowerCase();
  for (const [pattern, pick] of BY_SEGMENT) if (pattern.test(name)) return pick(ids, path);
  return UNKNOWN_ID;
}

/** The `{name}` parameters of a contract path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Every path parameter of a route filled with the signed-in user's rows. */
export function worldParams(contract: RouteContract, ids: WorldIds): Record<string, string> {
  return Object.fromEntries(pathParams(contract.path).map((p) => [p, pathIdFor(contract.path, p, ids)]));
}

/** The id a body or query field named `field` most likely wants (by its name). */
export function idForField(field: string, ids: WorldIds): string {
  const name = field.toLowerCase();
  if (name.includes('statement')) return ids.statement;
  if (name.includes('transfer')) return ids.categoryTransfer;
  if (name.includes('transaction')) return ids.transaction;
  if (name.includes('institution')) return ids.institution;
  if (name.includes('account')) return ids.account;
  if (name.includes('balance')) return ids.balance;
  if (name.includes('group')) return ids.group;
  return ids.groceries;
}

/** One query value: text (encoded when sent) or a raw, already-encoded token (`%00`, `%ED%A0%80`…). */
export type QueryValue = string | { raw: string };

export interface ContractRequest {
  /** Path parameters: text (encoded when sent) or a raw token put into the path as is. */
  params: Record<string, QueryValue>;
  /** Query pairs in order; a key may repeat. */
  query: [string, QueryValue][];
  /** `undefined`: no body at all; a string: sent as is (with `contentType`); else JSON. */
  body?: unknown;
  contentType?: string;
  token?: string;
  ip?: string;
}

const encode = (value: QueryValue): string => {
  if (typeof value !== 'string') return value.raw;
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be UTF-8 encoded: send its bytes as CESU would (invalid UTF-8).
    return [...value].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
};

/** The URL of a contract request: `/api/v1` + the filled path + the query string. */
export function requestUrl(contract: RouteContract, request: Pick<ContractRequest, 'params' | 'query'>): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params[name];
    return encode(value ?? UNKNOWN_ID);
  });
  const query = request.query.map(([key, value]) => `${encodeURIComponent(key)}=${encode(value)}`).join('&');
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

export interface ContractAnswer {
  status: number;
  body: string;
  contentType: string | undefined;
}

/** Sends a contract request with `app.inject`. */
export async function sendContractRequest(t: ApiTestApp, contract: RouteContract, request: ContractRequest): Promise<ContractAnswer> {
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let payload: string | undefined;
  if (request.body !== undefined) {
    payload = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    headers['content-type'] = request.contentType ?? (typeof request.body === 'string' && contract.bodyType === 'text' ? 'text/plain' : 'application/json');
  }
  const response = await t.app.inject({
    method: contract.method,
    url: requestUrl(contract, request),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: request.ip ?? randomIp(),
  });
  const type = response.headers['content-type'];
  return { status: response.statusCode, body: response.body, contentType: typeof type === 'string' ? type : undefined };
}

/** The event store's state: how many events and the head position (`es_events`). */
export async function eventStoreMark(t: ApiTestApp): Promise<string> {
  const { rows } = await t.db.pool.query<{ n: string; head: string | null }>('SELECT count(*) AS n, max(position) AS head FROM es_events');
  return `${rows[0]!.n}@${rows[0]!.head ?? 0}`;
}
