import { randomBytes, randomUUID } from 'node:crypto';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enqueuePush } from '@budget/identity';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { JobOutboxMailSender } from '@budget/platform';
import { buildWorld } from '../testing/contract-world.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Delete Account, proven complete (docs/architecture.md §7; server-behaviour §4.1 DELETE /user and
 * §7.1 item 9: nothing left behind). A user with everything — categories, accounts, transactions,
 * a funding, a statement, a rule and its apply, a linked Plaid item, an Idempotency-Key answer, a
 * queued mail, a push subscription, provider-log rows — deletes the account; then EVERY column of
 * EVERY table of the database that can hold text (identity, event store, read models, outbox,
 * logs) is searched for the user's id, username, e-mail address and Plaid item id, and the
 * simulator must no longer know the item (`/item/remove` reached Plaid). A second user with the
 * same kinds of data keeps every row.
 */
let sim: RunningPlaidSimulator;
let sandbox: PlaidApi;
let t: ApiTestApp;
const KEY = randomBytes(32);

interface Person {
  user: SignedUpUser;
  id: string;
  itemId: string;
}

async function userIdOf(username: string): Promise<string> {
  const { rows } = await t.db.pool.query<{ id: string }>('SELECT id FROM identity_users WHERE username = $1', [username]);
  return rows[0]!.id;
}

/** Every (schema, table, column) whose values can be searched as text. */
async function textColumns(): Promise<{ schema: string; table: string; column: string }[]> {
  const { rows } = await t.db.pool.query<{ schema: string; table: string; column: string }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
       FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('uuid', 'text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED', 'bytea')
      ORDER BY 1, 2, 3`,
  );
  return rows;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `schema.table.column` of every row whose column mentions any of `needles` (as text, any case). */
async function mentions(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { schema, table, column } of await textColumns()) {
    const target = `${quote(schema)}.${quote(table)}`;
    const value = `lower(${quote(column)}::text)`;
    const { rows } = await t.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${target} WHERE ${value} LIKE ANY (SELECT '%' || lower(x) || '%' FROM unnest($1::text[]) AS x)`,
      [needles],
    );
    if (rows[0]!.n > 0) found.push(`${schema}.${table}.${column} (${rows[0]!.n})`);
  }
  return found;
}

/** Rows per table (every table of the database), for "the other user keeps everything". */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = new Set((await textColumns()).map((c) => `${quote(c.schema)}.${quote(c.table)}`));
  for (const table of tables) counts[table] = (await t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  return counts;
}

/** A user with one of every kind of thing the product stores about them. */
async function personWithEverything(label: string, institutionId: string): Promise<Person> {
  const user = await signUp(t.http, t.mail, label);
  const id = await userIdOf(user.username);
  const world = await buildWorld(t, user);
  expect(world.warnings).toEqual([]);
  const ok = (response: { status: number; body: string }, what: string) => {
    expect(response.status, `${what}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  // A funding (category transfer of type 2) from the Funding Pool into Groceries.
  ok(await t.http.post('category-transfer', { date: '2025-07-01', type: 2, categories: [{ categoryId: world.ids.groceries, amount: 50, baseAmount: 50 }, { categoryId: world.ids.fundingPool, amount: -50, funder: true }] }, user.access), 'funding');
  // A rule, applied to the existing rows (its application is kept for the undo).
  const rule = ok(await t.http.post('auto-assignments', { name: 'Shop rule', searchStrings: ['shop'], categories: [{ categoryId: world.ids.groceries, amount: 100, percentage: true }] }, user.access), 'rule').json();
  ok(await t.http.post(`auto-assignments/${rule.id}/apply`, {}, user.access), 'apply rule');
  // A write retried with an Idempotency-Key keeps its answer (http_idempotency).
  const keyed = await t.app.inject({
    method: 'POST', url: `/api/v1/account/${world.ids.account}/transactions`,
    headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': randomUUID() },
    payload: { date: '2025-03-06', name: 'Keyed shop', amount: -7, categories: [{ categoryId: world.ids.groceries, amount: -7 }] },
  });
  expect(keyed.statusCode, keyed.body).toBe(201);
  // A linked Plaid item (the simulator), with its first sync job queued in the job outbox and the
  // provider log's rows.
  const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: institutionId, initial_products: [Products.Transactions] });
  const linked = ok(await t.http.post('institution', { publicToken: data.public_token, institutionId }, user.access), 'link');
  const { rows } = await t.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [linked.json().data.id]);
  const itemId = rows[0]!.item_id;
  // A mail still waiting in the job outbox.
  const mails = new JobOutboxMailSender(t.db.pool);
  await mails.send({ to: user.email, subject: 'Not delivered yet', text: `Hello ${user.username}` });
  // A delivered one: its payload is cleared, its id (as the welcome mail's, `mail-welcome-<userId>`) stays.
  await mails.send({ to: user.email, subject: 'Welcome!', text: 'delivered', idempotencyKey: `welcome-${id}` });
  await t.db.pool.query(`UPDATE job_outbox SET finished_at = now(), outcome = 'completed', data = NULL WHERE id = $1`, [`mail-welcome-${id}`]);
  // A push subscription, and a push job waiting in the job outbox.
  ok(await t.http.post('user/register-push/web', { endpoint: `https://push.example.test/${id}`, keys: { p256dh: 'BPx-public-key', auth: 'c2VjcmV0' } }, user.access), 'push');
  await enqueuePush(t.db.pool, { userId: id, kind: 'unassigned', count: 3 });
  return { user, id, itemId };
}

const simulatorItems = async (): Promise<string[]> =>
  ((await fetch(`${sim.url}/simulator/items`).then((r) => r.json())) as { items: { item_id: string }[] }).items.map((i) => i.item_id);

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0 });
  sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('DELETE /user leaves nothing of the user anywhere', () => {
  test('every table and the event store are searched: nothing names the deleted user, the other user keeps every row, the item is gone at Plaid', async () => {
    const gone = await personWithEverything('gone', 'ins_109508');
    const kept = await personWithEverything('kept', 'ins_109509');
    const needles = (p: Person) => [p.id, p.user.username, p.user.email, p.itemId];

    // Before: the search does find both users, in identity, events, read models, outbox and logs.
    const before = await mentions(needles(gone));
    for (const table of ['identity_users', 'es_events', 'job_outbox', 'bank_items', 'bank_provider_log', 'http_idempotency', 'identity_push_subscriptions']) {
      expect(before.some((hit) => hit.startsWith(`public.${table}.`)), `${table} in ${before.join(', ')}`).toBe(true);
    }
    expect(await simulatorItems()).toEqual(expect.arrayContaining([gone.itemId, kept.itemId]));
    const keptMentions = await mentions(needles(kept));
    const countsBefore = await rowCounts();
    const keptEvents = (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events WHERE user_id = $1', [kept.id])).rows[0]!.n;

    const response = await t.http.delete('user', gone.user.access);
    expect([response.status, response.body]).toEqual([200, '']);

    expect(await mentions(needles(gone))).toEqual([]);
    expect((await t.db.pool.query('SELECT 1 FROM es_events WHERE user_id = $1 OR stream_id LIKE $2', [gone.id, `%${gone.id}%`])).rowCount).toBe(0);
    expect(await simulatorItems()).not.toContain(gone.itemId);
    expect(await simulatorItems()).toContain(kept.itemId);

    // The other user: every mention still there, their events untouched; tables lost only the
    // deleted user's rows (no table lost rows it should not: the kept user's are all found again).
    expect(await mentions(needles(kept))).toEqual(keptMentions);
    expect((await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events WHERE user_id = $1', [kept.id])).rows[0]!.n).toBe(keptEvents);
    const countsAfter = await rowCounts();
    for (const [table, n] of Object.entries(countsAfter)) expect(n, table).toBeLessThanOrEqual(countsBefore[table]!);
    expect((await t.http.get('groups', kept.user.access)).json().data.categories.length).toBeGreaterThan(0);
    expect((await t.http.get('connected-accounts', kept.user.access)).json().data).toHaveLength(2);
  }, 120_000);
});
