import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Worker } from 'bullmq';
import { AccountType, Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BANK_SYNC_QUEUE, BankSyncQueue, PlaidGateway, PlaidItemStore, runBankSyncJob, TokenCipher, type BankSyncJobData } from '@budget/bank-sync';
import { DueOccurrencesQueue, occurrenceTransactionId, postDueOccurrences, SCHEDULES_QUEUE, type DueScanAnswer } from '@budget/ledger';
import { CLOCK, rebuildReadModels, REDIS, type Clock } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import type { Redis } from 'ioredis';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Scheduled transactions (docs/architecture.md §8 "Scheduled transactions") through the whole API,
 * the worker's due scan on a real BullMQ queue, and the Plaid simulator's control API:
 * - an occurrence posts exactly once across duplicate scans, concurrent scans, a second worker and
 *   a restarted one, and concurrent "post now" of the same occurrence;
 * - a posted occurrence is a typed row the bank's row claims;
 * - skip, post now, edit one occurrence, edit all future ones; upcoming rows move no balance;
 * - bad input changes nothing; another user's schedule is not found; the read model equals a rebuild.
 */
const KEY = randomBytes(32);
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const START = day(-120);

let sim: RunningPlaidSimulator;
let t: ApiTestApp;
let syncWorker: Worker<BankSyncJobData>;
let syncQueue: BankSyncQueue;
let alice: SignedUpUser;
let bob: SignedUpUser;
let institutionId: string;
let accountId: string;
let plaidAccountId: string;
let itemId: string;
let groceries: string;
let rent: string;

interface Row {
  id: string;
  date: string;
  accountTransaction: { name: string; amount: number } | null;
}

const deps = () => ({ commands: t.app.get(CommandBus), pool: t.db.pool, clock: t.app.get<Clock>(CLOCK) });

async function register(): Promise<Row[]> {
  return (await t.http.get(`account/${accountId}/transactions?offset=0&limit=1000`, alice.access)).json().data.transactions as Row[];
}
const rowsNamed = async (name: string) => (await register()).filter((r) => r.accountTransaction?.name === name);

async function accountBalance(): Promise<number> {
  const { rows } = await t.db.pool.query<{ balance: string }>('SELECT balance_cents AS balance FROM ledger_accounts WHERE id = $1::uuid', [accountId]);
  return Number(rows[0]!.balance);
}

async function eventCount(): Promise<number> {
  const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
  return rows[0]!.n;
}

async function createSchedule(body: Record<string, unknown>, user = alice) {
  const made = await t.http.post('schedules', body, user.access);
  expect(made.status, made.body).toBe(201);
  return made.json().data as { id: string; nextDate: string | null; posted: { date: string; transactionId: string }[] };
}

async function upcoming(query = `accountId=${accountId}`) {
  const answer = await t.http.get(`schedules/upcoming?${query}`, alice.access);
  expect(answer.status, answer.body).toBe(200);
  return answer.json().data as { scheduleId: string; date: string; postDate: string; amount: number; name: string; overdue: boolean }[];
}

async function sync(): Promise<void> {
  const synced = await t.http.post(`institution/${institutionId}`, undefined, alice.access);
  expect(synced.status, synced.body).toBe(200);
}

/** Waits (bounded, generously) for a BullMQ job to finish. */
async function finished(queue: DueOccurrencesQueue, jobId: string): Promise<DueScanAnswer> {
  const until = Date.now() + 60_000;
  for (;;) {
    const job = await queue.queue.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (state === 'completed') return (await queue.queue.getJob(jobId))!.returnvalue as DueScanAnswer;
    if (state === 'failed') throw new Error(`scan ${jobId} failed: ${job!.failedReason}`);
    if (Date.now() > until) throw new Error(`scan ${jobId} still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const scanWorker = () =>
  new Worker<Record<string, never>, DueScanAnswer>(SCHEDULES_QUEUE, () => postDueOccurrences(deps()), {
    connection: { url: t.config.redisUrl, maxRetriesPerRequest: null }, prefix: t.config.queuePrefix, concurrency: 2,
  });

beforeAll(async () => {
  process.env.BANK_SYNC_WAIT_MS = '20000';
  sim = await startPlaidSimulator({ port: 0, today: TODAY });
  const sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
  const prefix = t.config.queuePrefix;
  syncQueue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix });
  const syncDeps = {
    items: t.app.get(PlaidItemStore), gateway: t.app.get(PlaidGateway), commands: t.app.get(CommandBus), pool: t.db.pool,
    redis: t.app.get<Redis>(REDIS), clock: t.app.get<Clock>(CLOCK), queue: syncQueue, prefix, minIntervalMs: 0,
  };
  syncWorker = new Worker<BankSyncJobData>(BANK_SYNC_QUEUE, (job, token) => runBankSyncJob(job, token, syncDeps), { connection: { url: t.config.redisUrl, maxRetriesPerRequest: null }, prefix });
  await syncWorker.waitUntilReady();
  alice = await signUp(t.http, t.mail, 'alice');
  bob = await signUp(t.http, t.mail, 'bob');
  const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
  const linked = await t.http.post('institution', { publicToken: data.public_token, institutionId: 'ins_109508', startDate: START }, alice.access);
  expect(linked.status, linked.body).toBe(201);
  institutionId = linked.json().data.id;
  const item = (await t.db.pool.query<{ item_id: string; access_token: string }>('SELECT item_id, access_token FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!;
  itemId = item.item_id;
  const accessToken = new TokenCipher(KEY).open(item.access_token, item.item_id);
  plaidAccountId = (await sandbox.accountsGet({ access_token: accessToken })).data.accounts.find((a) => a.type === AccountType.Depository)!.account_id;
  accountId = (await t.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;
  await sync();
  const groups = (await t.http.get('groups', alice.access)).json().data;
  const byName = new Map<string, string>((groups.categories as { id: string; name: string }[]).map((c) => [c.name, c.id]));
  groceries = byName.get('Groceries')!;
  rent = byName.get('Dining Out')!;
}, 120_000);

afterAll(async () => {
  delete process.env.BANK_SYNC_WAIT_MS;
  await syncWorker?.close();
  await syncQueue?.close();
  await t?.close();
  await sim?.close();
});

describe('posting', () => {
  test('an occurrence posts exactly once: duplicate and concurrent scans, a second worker, a restarted one, racing "post now"', async () => {
    const balance = await accountBalance();
    // Monthly on the 31st from four months back: the due ones are each month's last day (or the 31st) up to today.
    const schedule = await createSchedule({
      accountId, name: 'Gym membership', amount: -25, every: 1, unit: 'month', startDate: START, dayOfMonth: 31,
      categories: [{ categoryId: groceries, amount: -25 }],
    });
    // Scheduled, not posted: no balance moved.
    expect(await accountBalance()).toBe(balance);
    const due = (await upcoming(`accountId=${accountId}&from=${START}&to=${TODAY}`)).filter((u) => u.scheduleId === schedule.id);
    expect(due.length).toBeGreaterThanOrEqual(3);
    expect(due.every((u) => u.overdue || u.postDate === TODAY)).toBe(true);

    // Three scans at once, then a fourth.
    const answers = await Promise.all([postDueOccurrences(deps()), postDueOccurrences(deps()), postDueOccurrences(deps())]);
    expect(answers.reduce((n, a) => n + a.failed, 0)).toBe(0);
    await postDueOccurrences(deps());
    const posted = await rowsNamed('Gym membership');
    expect(posted.map((r) => r.date).sort()).toEqual(due.map((u) => u.postDate).sort());
    expect(posted.map((r) => r.id).sort()).toEqual(due.map((u) => occurrenceTransactionId(schedule.id, u.date)).sort());
    expect(await accountBalance()).toBe(balance - 2500 * due.length);

    // Through the queue: two workers, the same job twice, the job scheduler upserted twice; then one worker restarted.
    const queue = new DueOccurrencesQueue({ redisUrl: t.config.redisUrl, prefix: t.config.queuePrefix });
    try {
      const [a, b] = [scanWorker(), scanWorker()];
      await queue.scheduleEvery(60_000);
      await queue.scheduleEvery(60_000);
      expect(await queue.queue.getJobSchedulersCount()).toBe(1);
      await queue.scanNow('scan-1');
      await queue.scanNow('scan-1');
      await queue.scanNow('scan-2');
      expect((await finished(queue, 'scan-1')).posted).toBe(0);
      expect((await finished(queue, 'scan-2')).posted).toBe(0);
      await a.close();
      await b.close();
      const restarted = scanWorker();
      await queue.scanNow('scan-3');
      expect((await finished(queue, 'scan-3')).failed).toBe(0);
      await restarted.close();
    } finally {
      await queue.queue.removeJobScheduler('schedules-due');
      await queue.close();
    }
    expect((await rowsNamed('Gym membership')).length).toBe(due.length);

    // "Post now" of a posted occurrence, five at once: the same transaction, nothing new.
    const again = await Promise.all(Array.from({ length: 5 }, () => t.http.post(`schedules/${schedule.id}/post`, { date: due[0]!.date }, alice.access)));
    for (const answer of again) {
      expect(answer.status, answer.body).toBe(201);
      expect(answer.json().data.transactionId).toBe(occurrenceTransactionId(schedule.id, due[0]!.date));
    }
    expect((await rowsNamed('Gym membership')).length).toBe(due.length);
    expect(await accountBalance()).toBe(balance - 2500 * due.length);
    expect(await upcoming(`accountId=${accountId}&from=${START}&to=${TODAY}`)).not.toContainEqual(expect.objectContaining({ scheduleId: schedule.id }));
  }, 120_000);

  test('a posted occurrence is a typed row: the bank\'s row claims it (one row, the schedule\'s name and splits)', async () => {
    const schedule = await createSchedule({ accountId, name: 'Power company', amount: -42.17, every: 1, unit: 'month', startDate: TODAY, categories: [{ categoryId: groceries, amount: -42.17 }] });
    expect((await postDueOccurrences(deps())).failed).toBe(0);
    const transactionId = occurrenceTransactionId(schedule.id, TODAY);
    expect((await rowsNamed('Power company')).map((r) => r.id)).toEqual([transactionId]);

    const response = await fetch(`${sim.url}/simulator/items/${itemId}/transactions`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactions: [{ account_id: plaidAccountId, amount: 42.17, description: 'POWER CO 0042', date: TODAY }], webhook: false }),
    });
    expect(response.status).toBe(201);
    await sync();
    const rows = await register();
    expect(rows.filter((r) => r.accountTransaction?.amount === -42.17)).toHaveLength(1);
    expect(rows.find((r) => r.accountTransaction?.name === 'POWER CO 0042')).toBeUndefined();
    const claimed = (await t.http.get(`transaction/${transactionId}`, alice.access)).json();
    expect(claimed).toMatchObject({ id: transactionId, date: TODAY, accountTransaction: { name: 'Power company', amount: -42.17 } });
    expect(claimed.categories).toEqual([expect.objectContaining({ categoryId: groceries, amount: -42.17 })]);
    const { rows: claims } = await t.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM es_events WHERE type = 'BankRowClaimed' AND data->>'claimedBy' = $1", [transactionId]);
    expect(claims[0]!.n).toBe(1);
  }, 120_000);
});

describe('occurrences', () => {
  test('skip, edit one, post now, edit all future: upcoming rows follow, none moves a balance until posted', async () => {
    const balance = await accountBalance();
    const schedule = await createSchedule({ accountId, name: 'Piano lesson', amount: -40, every: 1, unit: 'week', startDate: day(1), categories: [{ categoryId: rent, amount: -40 }] });
    const next = async () => (await upcoming(`accountId=${accountId}&from=${TODAY}&to=${day(30)}`)).filter((u) => u.scheduleId === schedule.id);
    expect((await next()).map((u) => u.date)).toEqual([day(1), day(8), day(15), day(22), day(29)]);
    expect(await accountBalance()).toBe(balance);

    // Skip the first.
    const skipped = await t.http.post(`schedules/${schedule.id}/skip`, { date: day(1) }, alice.access);
    expect(skipped.status, skipped.body).toBe(200);
    expect(skipped.json().data).toMatchObject({ skipped: [day(1)], nextDate: day(8) });
    expect((await next()).map((u) => u.date)).toEqual([day(8), day(15), day(22), day(29)]);

    // Edit the second alone: another amount (its single split follows), two days later.
    const edited = await t.app.inject({ method: 'PUT', url: `/api/v1/schedules/${schedule.id}/occurrence`, headers: { authorization: `Bearer ${alice.access}` }, payload: { date: day(8), postDate: day(10), amount: -55.5 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await next()).map((u) => [u.date, u.postDate, u.amount])).toEqual([[day(8), day(10), -55.5], [day(15), day(15), -40], [day(22), day(22), -40], [day(29), day(29), -40]]);

    // Post the third now: dated today, once.
    const posted = await t.http.post(`schedules/${schedule.id}/post`, { date: day(15) }, alice.access);
    expect(posted.status, posted.body).toBe(201);
    const transactionId = posted.json().data.transactionId as string;
    expect((await t.http.get(`transaction/${transactionId}`, alice.access)).json()).toMatchObject({ date: TODAY, accountTransaction: { name: 'Piano lesson', amount: -40 } });
    expect(await accountBalance()).toBe(balance - 4000);
    expect((await next()).map((u) => u.date)).toEqual([day(8), day(22), day(29)]);
    // A posted occurrence can be neither skipped nor edited.
    expect((await t.http.post(`schedules/${schedule.id}/skip`, { date: day(15) }, alice.access)).status).toBe(422);

    // Edit all future: the schedule's amount; the occurrence edited alone keeps its own.
    const changed = await t.http.patch(
      `schedules/${schedule.id}`,
      { accountId, name: 'Piano lesson', amount: -45, every: 1, unit: 'week', startDate: day(1), categories: [{ categoryId: rent, amount: -45 }] },
      alice.access,
    );
    expect(changed.status, changed.body).toBe(200);
    expect((await next()).map((u) => [u.date, u.amount])).toEqual([[day(8), -55.5], [day(22), -45], [day(29), -45]]);
    expect(await accountBalance()).toBe(balance - 4000);

    // Delete: no more upcoming rows; the posted one stays.
    expect((await t.http.delete(`schedules/${schedule.id}`, alice.access)).status).toBe(204);
    expect(await next()).toEqual([]);
    expect((await t.http.get(`transaction/${transactionId}`, alice.access)).status).toBe(200);
  }, 60_000);

  test('bad input is refused with the spec\'s errors and changes nothing; another user\'s schedule is not found', async () => {
    const before = await eventCount();
    const base = { accountId, name: 'Water', amount: -30, every: 1, unit: 'month', startDate: TODAY };
    const refused = [
      { ...base, categories: [{ categoryId: groceries, amount: -10 }] },
      { ...base, amount: 'lots' },
      { ...base, unit: 'year' },
      { ...base, every: 0 },
      { ...base, endDate: day(-1) },
      { ...base, startDate: '2026-02-30' },
      { ...base, unit: 'week', dayOfMonth: 3 },
      { ...base, name: '   ' },
      { ...base, billId: groceries },
    ];
    for (const body of refused) {
      const answer = await t.http.post('schedules', body, alice.access);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json().errors.length).toBeGreaterThan(0);
    }
    // Bob's account is not Alice's.
    expect((await t.http.post('schedules', { ...base, accountId: accountId }, bob.access)).status).toBe(422);
    expect(await eventCount()).toBe(before);

    const mine = await createSchedule(base);
    expect((await t.http.patch(`schedules/${mine.id}`, base, bob.access)).status).toBe(404);
    expect((await t.http.post(`schedules/${mine.id}/post`, { date: TODAY }, bob.access)).status).toBe(404);
    expect((await t.http.delete(`schedules/${mine.id}`, bob.access)).status).toBe(404);
    expect((await t.http.get('schedules', bob.access)).json()).toEqual({ data: [], total: 0 });
    expect((await t.http.get('schedules/upcoming', bob.access)).json()).toEqual({ data: [] });
    // A date that is no occurrence.
    expect((await t.http.post(`schedules/${mine.id}/skip`, { date: day(3) }, alice.access)).status).toBe(422);
  }, 60_000);

  test('a keyed create or post retried with its Idempotency-Key makes one schedule and one transaction', async () => {
    const keyed = (url: string, body: object, key: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${alice.access}`, 'idempotency-key': key }, payload: body });
    const body = { accountId, name: 'Streaming', amount: -9.99, every: 1, unit: 'month', startDate: TODAY };
    const before = (await t.http.get('schedules?limit=1000', alice.access)).json().total as number;
    const [first, second] = [await keyed('schedules', body, 'sched-create-1'), await keyed('schedules', body, 'sched-create-1')];
    expect(first.statusCode, first.body).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await t.http.get('schedules?limit=1000', alice.access)).json().total).toBe(before + 1);
    const id = first.json().data.id as string;
    const posts = await Promise.all([keyed(`schedules/${id}/post`, { date: TODAY }, 'sched-post-1'), keyed(`schedules/${id}/post`, { date: TODAY }, 'sched-post-1')]);
    for (const post of posts) expect(post.json().data.transactionId).toBe(occurrenceTransactionId(id, TODAY));
    expect(await rowsNamed('Streaming')).toHaveLength(1);
  }, 60_000);

  test('the read model equals a rebuild from the log', async () => {
    const read = async () => (await t.db.pool.query('SELECT user_id, id, account_id, bill_id, name, next_date, state FROM ledger_schedules ORDER BY user_id, id')).rows;
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    expect(await read()).toEqual(before);
  }, 60_000);
});
