import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { StatementCounter, type CountedStatements } from '@budget/platform/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Statements and round trips per write, through the real HTTP path (docs/architecture.md §4,
 * "Statements per write"; README, Performance): every statement the API sends to PostgreSQL for
 * one write of each kind, counted on the app's own pool — the session check, the idempotency
 * claim and answer, the lookups, the append, both projections, the answer read. The bounds are
 * what the write path achieves, so a statement added to it fails here until it is accounted for.
 * The events' NOTIFY is coalesced and never awaited by a write (postgres-subscription.ts): left out.
 */
// Each includes the ledger projection's one turnover statement per batch, and the balance bound's
// read under the user's lock, sent in the projections' round trip; an edit or a delete first reads
// the row's earlier events there, one round trip more (docs/architecture.md §5 "Bounded sums").
// The projections run side by side on the write's client (§4.8): the reporting projection's
// statement goes out with the ledger's first, the payees' with the turnover's. A funding, a
// rebalance or a category transfer has no payee: the payees model reads nothing for it.
// The idempotency claim and answer each go in a transaction of their own that commits without
// waiting for the disk (`queryWithoutFlush`): BEGIN and COMMIT around each, two statements more
// apiece and no round trip more (they leave together), for a commit's flush saved on the path.
const BOUNDS: Record<string, { statements: number; roundTrips: number }> = {
  'transaction (today)': { statements: 22, roundTrips: 7 },
  'transaction (a year back)': { statements: 22, roundTrips: 7 },
  funding: { statements: 20, roundTrips: 7 },
  rebalance: { statements: 20, roundTrips: 7 },
  'category transfer': { statements: 20, roundTrips: 7 },
  edit: { statements: 36, roundTrips: 20 },
  delete: { statements: 32, roundTrips: 18 },
};

describe('statements per write (inline projection)', () => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let counter: StatementCounter;
  let accountId: string;
  let groceries: string;
  let dining: string;
  let pool: string;
  const counted = new Map<string, CountedStatements>();

  beforeAll(async () => {
    t = await startApiTestApp();
    counter = new StatementCounter(t.db.pool);
    user = await signUp(t.http, t.mail, 'statements');
    const tree = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string; type?: string }[];
    groceries = tree.find((c) => c.name === 'Groceries')!.id;
    dining = tree.find((c) => c.name !== 'Groceries' && c.type !== 'FUNDING POOL' && c.id !== groceries && !/pool|transfer/i.test(c.name))!.id;
    pool = (await t.db.pool.query<{ id: string }>(`SELECT id FROM budget_categories WHERE user_id = $1 AND type = 'FUNDING POOL'`, [subjectOf(user.access)])).rows[0]!.id;
    const made = await t.http.post(
      'institution',
      { institution: { name: 'Count Bank' }, accounts: [{ name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2020-01-01' },
      user.access,
    );
    expect(made.status, made.body).toBe(201);
    accountId = made.json().data.accounts[0].id;
    // The projector only follows the log here (inline projection); paused, so nothing else uses the pool.
    await t.pauseProjector();
  }, 120_000);
  afterAll(async () => {
    if (counted.size > 0) {
      console.log(`\n| write | statements | round trips |\n|---|---|---|\n${[...counted].map(([k, c]) => `| ${k} | ${c.statements.length} | ${c.roundTrips} |`).join('\n')}`);
    }
    await t?.close();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const yearBack = () => new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);

  /** One write with a fresh Idempotency-Key, as the web client sends it; its statements counted. */
  const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => {
    counter.start();
    const response = await t.app.inject({
      method, url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': randomUUID() },
      ...(body ? { payload: body } : {}),
    });
    const count = counter.stop();
    expect(response.statusCode, response.body).toBeLessThan(300);
    return { json: JSON.parse(response.body) as { data?: Record<string, unknown>; transaction?: { id: string; version: number } } & Record<string, unknown>, count };
  };
  const withoutNotify = (c: CountedStatements): CountedStatements => ({ ...c, statements: c.statements.filter((s) => !s.includes('pg_notify')) });

  /**
   * The write, three times after one warm-up (each connection prepares its statements once): the
   * fewest any of them sent. A statement of the write path is in every run; one that something
   * else sent in the same window (a timer of the app's, a background read) is in one run at most.
   * Round trips are counted from when statements go out, so they can vary by one between runs.
   */
  const measure = async (name: string, once: () => Promise<CountedStatements>) => {
    await once();
    const runs = [await once(), await once(), await once()].map(withoutNotify);
    const fewest = runs.reduce((a, b) => (b.statements.length < a.statements.length || (b.statements.length === a.statements.length && b.roundTrips < a.roundTrips) ? b : a));
    counted.set(name, fewest);
    const bound = BOUNDS[name]!;
    const message = `${name}: ${fewest.statements.length} statements in ${fewest.roundTrips} round trips\n${fewest.statements.join('\n')}`;
    if (process.env.PRINT_STATEMENTS) console.log(message);
    expect(fewest.statements.length, message).toBeLessThanOrEqual(bound.statements);
    expect(fewest.roundTrips, message).toBeLessThanOrEqual(bound.roundTrips);
  };

  const record = async (date: string) =>
    write('POST', `account/${accountId}/transactions`, { date, name: 'Grocer', amount: -12.34, principle: 0, categories: [{ categoryId: groceries, amount: -12.34 }] });

  test('a transaction dated today', async () => {
    await measure('transaction (today)', async () => (await record(today())).count);
  });

  test('a transaction dated a year back', async () => {
    await measure('transaction (a year back)', async () => (await record(yearBack())).count);
  });

  test('a funding', async () => {
    await measure('funding', async () =>
      (await write('POST', 'category-transfer', { date: today(), type: 2, categories: [{ categoryId: pool, amount: -5, funder: true }, { categoryId: groceries, amount: 5 }] })).count);
  });

  test('a rebalance', async () => {
    await measure('rebalance', async () =>
      (await write('POST', 'category-transfer', { date: today(), type: 3, categories: [{ categoryId: groceries, amount: -1 }, { categoryId: dining, amount: 1 }] })).count);
  });

  test('a category transfer', async () => {
    await measure('category transfer', async () =>
      (await write('POST', 'category-transfer', { date: today(), categories: [{ categoryId: groceries, amount: -1 }, { categoryId: dining, amount: 1 }] })).count);
  });

  test('an edit of a transaction', async () => {
    await measure('edit', async () => {
      const made = transactionOf((await record(today())).json);
      return (await write('PATCH', `transaction/${made.id}`, { version: made.version, amount: -20, categories: [{ categoryId: groceries, amount: -20 }] })).count;
    });
  });

  test('a delete of a transaction', async () => {
    // Another row in the category's month, as the earlier tests leave it: a delete that empties a
    // month sends one statement more (its emptied month row removed), so run alone the count would differ.
    await record(today());
    await measure('delete', async () => {
      const made = transactionOf((await record(today())).json);
      return (await write('DELETE', `transaction/${made.id}`)).count;
    });
  });
});

/** The user id an access token was issued to (its `sub` claim). */
function subjectOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
  if (typeof payload.sub !== 'string') throw new Error('access token without a subject');
  return payload.sub;
}

/** The transaction a record answers (at the top level or under `data`). */
function transactionOf(json: Record<string, unknown>): { id: string; version: number } {
  const found = (json.transaction ?? (json.data as Record<string, unknown> | undefined)?.transaction) as { id: string; version: number } | undefined;
  if (!found) throw new Error(`no transaction in ${JSON.stringify(json)}`);
  return found;
}
