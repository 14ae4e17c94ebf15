import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { feedChange, type FeedChange } from '@budget/contracts';
import { BANK_SYNC_QUEUE, BankSyncQueue, PlaidGateway, PlaidItemStore, runBankSyncJob, type BankSyncJobData } from '@budget/bank-sync';
import { CLOCK, OutboxRelay, outboxProcessor, REDIS, type Clock } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * The per-user change feed, GET /api/v1/events (docs/architecture.md §4.1), over a real socket:
 * Server-Sent Events for the user's own writes, a bank sync run by the worker's job, a rule's
 * apply; never another user's; resumed with Last-Event-ID; and with PROJECTION=async, a change is
 * announced only once the projector has applied it, so a refetch sees it.
 */

interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

/** A Server-Sent Events reader over fetch: the events in arrival order, and a wait for one that matches. */
class FeedReader {
  readonly events: SseEvent[] = [];
  ended = false;
  private constructor(
    readonly status: number,
    private readonly abort: AbortController,
  ) {}

  static async open(base: string, token: string, headers: Record<string, string> = {}): Promise<FeedReader> {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/events`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
    const reader = new FeedReader(response.status, controller);
    if (response.ok && response.body) void reader.pump(response.body);
    else reader.ended = true;
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', id: null, data: '' };
          let any = false;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') event.data += value;
            else continue;
            any = true;
          }
          if (any && event.data !== '') this.events.push(event);
        }
      }
    } catch {
      // aborted
    } finally {
      this.ended = true;
    }
  }

  changes(): FeedChange[] {
    return this.events.filter((e) => e.event === 'change').map((e) => feedChange.parse(JSON.parse(e.data)));
  }

  /** Waits (bounded, generously) until an event of `name` satisfies `match`. */
  async waitFor<T = unknown>(name: string, match: (data: T) => boolean = () => true): Promise<T> {
    let found: T | undefined;
    await vi.waitFor(
      () => {
        const hit = this.events.find((e) => e.event === name && match(JSON.parse(e.data) as T));
        if (!hit) throw new Error(`no ${name} event yet; got ${JSON.stringify(this.events.map((e) => e.event))}`);
        found = JSON.parse(hit.data) as T;
      },
      { timeout: 30_000, interval: 25 },
    );
    return found!;
  }

  close() {
    this.abort.abort();
  }
}

const KEY = randomBytes(32);
let sim: RunningPlaidSimulator;
let sandbox: PlaidApi;

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0, today: '2026-11-25' });
  sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
}, 30_000);
afterAll(async () => sim?.close());

async function listening(t: ApiTestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  const address = t.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function offlineAccount(t: ApiTestApp, user: SignedUpUser) {
  const made = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }], startDate: '2026-01-01' }, user.access);
  expect(made.status, made.body).toBe(201);
  return { institutionId: made.json().data.id as string, accountId: made.json().data.accounts[0].id as string };
}

async function categoryIds(t: ApiTestApp, user: SignedUpUser): Promise<Map<string, string>> {
  const groups = await t.http.get('groups', user.access);
  return new Map((groups.json().data.categories as { id: string; name: string }[]).map((c) => [c.name, c.id]));
}

async function spend(t: ApiTestApp, user: SignedUpUser, accountId: string, name: string, categoryId?: string) {
  const body = { date: '2026-11-20', name, amount: -12.5, ...(categoryId ? { categories: [{ categoryId, amount: -12.5 }] } : {}) };
  const made = await t.http.post(`account/${accountId}/transactions`, body, user.access);
  expect([201, 202], made.body).toContain(made.status);
  return made;
}

describe('inline projection (the default)', () => {
  let t: ApiTestApp;
  let base: string;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let worker: Worker<BankSyncJobData> | null = null;
  let workerQueue: BankSyncQueue | null = null;
  let relay: OutboxRelay | null = null;

  async function startWorker() {
    const prefix = t.config.queuePrefix;
    workerQueue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix });
    const deps = {
      items: t.app.get(PlaidItemStore), gateway: t.app.get(PlaidGateway), commands: t.app.get(CommandBus), pool: t.db.pool,
      redis: t.app.get<Redis>(REDIS), clock: t.app.get<Clock>(CLOCK), queue: workerQueue, prefix, minIntervalMs: 0,
    };
    worker = new Worker<BankSyncJobData>(BANK_SYNC_QUEUE, outboxProcessor(t.db.pool, (job: Job<BankSyncJobData>, token?: string) => runBankSyncJob(job, token, deps)), {
      connection: { url: t.config.redisUrl, maxRetriesPerRequest: null }, prefix,
    });
    await worker.waitUntilReady();
    relay = new OutboxRelay({ pool: t.db.pool, databaseUrl: t.db.url, redisUrl: t.config.redisUrl, prefix, pollMs: 100 });
    await relay.start();
  }

  beforeAll(async () => {
    t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
    t.clock.set(new Date('2026-11-25T12:00:00Z'));
    base = await listening(t);
    alice = await signUp(t.http, t.mail, 'feed-alice');
    bob = await signUp(t.http, t.mail, 'feed-bob');
  }, 60_000);
  afterAll(async () => {
    await relay?.stop();
    await worker?.close();
    await workerQueue?.close();
    await t?.close();
  });

  test('without text/event-stream it answers one JSON page: the head first, then the changes after it, in the contract\'s exact shape', async () => {
    const head = await t.http.get('events', alice.access);
    const bobHead = (await t.http.get('events', bob.access)).json().position as string;
    expect(head.status, head.body).toBe(200);
    expect(head.json()).toEqual({ position: expect.stringMatching(/^\d+$/), changes: [], more: false });
    const { accountId, institutionId } = await offlineAccount(t, alice);
    const page = await t.http.get(`events?after=${head.json().position}`, alice.access);
    expect(page.status, page.body).toBe(200);
    const { changes, position, more } = page.json() as { changes: FeedChange[]; position: string; more: boolean };
    expect(more).toBe(false);
    expect(BigInt(position)).toBeGreaterThan(BigInt(head.json().position));
    // The institution with its account and starting balance is one append: one change.
    expect(changes).toHaveLength(1);
    expect(changes[0]).toEqual({
      position,
      accounts: [accountId],
      categories: [(await categoryIds(t, alice)).get('Funding Pool')],
      institutions: [institutionId],
      allCategories: false,
      budget: false,
      rules: false,
    });
    // Another user's page holds none of it.
    expect((await t.http.get(`events?after=${bobHead}`, bob.access)).json().changes).toEqual([]);
    expect(JSON.stringify((await t.http.get('events?after=0', bob.access)).json())).not.toContain(accountId);
  });

  test('a bad `after` or Last-Event-ID is a 422 in the error format; no token is a 401', async () => {
    const bad = await t.http.get('events?after=12x', alice.access);
    expect(bad.status).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'after' });
    const response = await fetch(`${base}/api/v1/events`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${alice.access}`, 'last-event-id': '-1' } });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('Last-Event-ID');
    const anonymous = await fetch(`${base}/api/v1/events`, { headers: { accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
  });

  test("the user's own write is announced with its account and categories; another user's writes never appear", async () => {
    const { accountId } = await offlineAccount(t, alice);
    const bobs = await offlineAccount(t, bob);
    const cats = await categoryIds(t, alice);
    const feed = await FeedReader.open(base, alice.access);
    const bobFeed = await FeedReader.open(base, bob.access);
    try {
      expect(feed.status).toBe(200);
      await feed.waitFor('ready');
      await bobFeed.waitFor('ready');
      await spend(t, bob, bobs.accountId, 'Bob only');
      const made = await spend(t, alice, accountId, 'Groceries run', cats.get('Groceries'));
      const change = await feed.waitFor<FeedChange>('change', (c) => c.accounts.includes(accountId));
      expect(change).toMatchObject({ accounts: [accountId], categories: [cats.get('Groceries')], institutions: [] });
      // What the feed announced is in the read models already.
      const register = await t.http.get(`account/${accountId}/transactions`, alice.access);
      expect(register.json().data.transactions.map((r: { id: string }) => r.id)).toContain(made.json().transaction.id);
      await bobFeed.waitFor<FeedChange>('change', (c) => c.accounts.includes(bobs.accountId));
      for (const c of feed.changes()) expect(c.accounts).not.toContain(bobs.accountId);
      for (const c of bobFeed.changes()) expect(c.accounts).not.toContain(accountId);
      // An edit that names only the transaction still names its account and both categories.
      const id = made.json().transaction.id as string;
      const edited = await t.http.patch(`transaction/${id}`, { version: 0, categories: [{ categoryId: cats.get('Dining Out'), amount: -12.5 }] }, alice.access);
      expect(edited.status, edited.body).toBe(200);
      const moved = await feed.waitFor<FeedChange>('change', (c) => BigInt(c.position) > BigInt(change.position));
      expect(moved).toMatchObject({ accounts: [accountId], categories: [cats.get('Dining Out'), cats.get('Groceries')].sort() });
      const deleted = await t.http.delete(`transaction/${id}`, alice.access);
      expect(deleted.status, deleted.body).toBe(200);
      const gone = await feed.waitFor<FeedChange>('change', (c) => BigInt(c.position) > BigInt(moved.position));
      expect(gone).toMatchObject({ accounts: [accountId], categories: [cats.get('Dining Out'), cats.get('Groceries')].sort() });
    } finally {
      feed.close();
      bobFeed.close();
    }
  }, 60_000);

  test('a reconnect with Last-Event-ID gets what happened while it was away, once; `id:` carries the position', async () => {
    const { accountId } = await offlineAccount(t, alice);
    const first = await FeedReader.open(base, alice.access);
    const ready = await first.waitFor<{ position: string }>('ready');
    first.close();
    await spend(t, alice, accountId, 'While away 1');
    await spend(t, alice, accountId, 'While away 2');
    const resumed = await FeedReader.open(base, alice.access, { 'last-event-id': ready.position });
    try {
      const replay = await resumed.waitFor<FeedChange>('change');
      expect(replay.accounts).toEqual([accountId]);
      const head = await t.http.get('events', alice.access);
      expect(replay.position).toBe(head.json().position);
      const ids = resumed.events.filter((e) => e.event === 'change').map((e) => e.id);
      expect(ids[0]).toBe(replay.position);
      // Resuming from the head again replays nothing.
      const again = await FeedReader.open(base, alice.access, { 'last-event-id': replay.position });
      await again.waitFor('ready');
      expect(again.changes()).toEqual([]);
      again.close();
    } finally {
      resumed.close();
    }
  }, 60_000);

  test("a rule's apply is announced with the rows' account and the rule's category", async () => {
    const { accountId } = await offlineAccount(t, alice);
    const cats = await categoryIds(t, alice);
    await spend(t, alice, accountId, 'PIZZA PALACE 42');
    const feed = await FeedReader.open(base, alice.access);
    try {
      await feed.waitFor('ready');
      const rule = await t.http.post('auto-assignments', { name: 'Pizza', searchStrings: ['pizza palace'], categories: [{ id: -1, categoryId: cats.get('Groceries'), amount: 100, percentage: true }] }, alice.access);
      expect(rule.status, rule.body).toBe(201);
      await feed.waitFor<FeedChange>('change', (c) => c.rules);
      // POST /auto-assignments answers the rule bare (server-behaviour §4.5).
      const applied = await t.http.post(`auto-assignments/${rule.json().id}/apply`, undefined, alice.access);
      expect([200, 201], applied.body).toContain(applied.status);
      const change = await feed.waitFor<FeedChange>('change', (c) => c.accounts.includes(accountId) && c.categories.includes(cats.get('Groceries')!));
      expect(change.categories).toContain(cats.get('Unassigned'));
    } finally {
      feed.close();
    }
  }, 60_000);

  test('a bank sync run by the worker is announced with the linked accounts; the bank is `syncing` until its first sync lands', async () => {
    const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
    const linked = await t.http.post('institution', { publicToken: data.public_token, institutionId: 'ins_109508', startDate: '2026-11-01' }, alice.access);
    expect(linked.status, linked.body).toBe(201);
    const institutionId = linked.json().data.id as string;
    const accountIds = (linked.json().data.accounts as { id: string }[]).map((a) => a.id);
    const feed = await FeedReader.open(base, alice.access);
    try {
      await feed.waitFor('ready');
      // No worker yet: the first sync has not landed.
      expect(await feed.waitFor<{ institutions: string[] }>('syncing')).toEqual({ institutions: [institutionId] });
      await startWorker();
      const synced = await feed.waitFor<FeedChange>('change', (c) => c.accounts.some((a) => accountIds.includes(a)) && c.categories.length > 0);
      expect(synced.accounts.every((a) => accountIds.includes(a))).toBe(true);
      await feed.waitFor<{ institutions: string[] }>('syncing', (s) => s.institutions.length === 0);
      const register = await t.http.get(`account/${synced.accounts[0]}/transactions`, alice.access);
      expect(register.json().data.transactions.length).toBeGreaterThan(0);
    } finally {
      feed.close();
    }
  }, 120_000);

  test('a user has at most 4 open feeds in a process: a fifth ends the oldest', async () => {
    const feeds = [];
    for (let i = 0; i < 5; i++) {
      const feed = await FeedReader.open(base, bob.access);
      await feed.waitFor('ready');
      feeds.push(feed);
    }
    await vi.waitFor(() => expect(feeds[0]!.ended).toBe(true), { timeout: 10_000 });
    expect(feeds.slice(1).map((f) => f.ended)).toEqual([false, false, false, false]);
    for (const feed of feeds) feed.close();
  }, 30_000);
});

describe('PROJECTION=async: a change is announced once the projector has applied it', () => {
  let t: ApiTestApp;
  let base: string;
  let alice: SignedUpUser;

  beforeAll(async () => {
    t = await startApiTestApp({ PROJECTION: 'async', PROJECTION_WAIT_MS: '200' });
    base = await listening(t);
    alice = await signUp(t.http, t.mail, 'feed-async');
  }, 60_000);
  afterAll(async () => t?.close());

  test('while the projector is stopped nothing is announced; once it runs, the change arrives and a refetch shows it', async () => {
    const made = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }], startDate: '2026-01-01' }, alice.access);
    expect([201, 202], made.body).toContain(made.status);
    await vi.waitFor(async () => expect((await t.http.get('connected-accounts', alice.access)).json().data[0]?.accounts).toHaveLength(1), { timeout: 30_000 });
    const accountId = (await t.http.get('connected-accounts', alice.access)).json().data[0].accounts[0].id as string;
    const feed = await FeedReader.open(base, alice.access);
    try {
      const ready = await feed.waitFor<{ position: string }>('ready');
      await t.pauseProjector();
      const written = await t.http.post(`account/${accountId}/transactions`, { date: '2026-11-20', name: 'Async row', amount: -3 }, alice.access);
      expect(written.status, written.body).toBe(202);
      // Stored, not applied: the feed has nothing to announce (its JSON page reads the same log).
      expect((await t.http.get(`events?after=${ready.position}`, alice.access)).json().changes).toEqual([]);
      expect(feed.changes()).toEqual([]);
      await t.resumeProjector();
      const change = await feed.waitFor<FeedChange>('change', (c) => c.accounts.includes(accountId));
      expect(BigInt(change.position)).toBeGreaterThanOrEqual(BigInt(written.json().position));
      const register = await t.http.get(`account/${accountId}/transactions`, alice.access);
      expect(register.json().data.transactions.map((r: { accountTransaction: { name: string } | null }) => r.accountTransaction?.name)).toContain('Async row');
    } finally {
      feed.close();
    }
  }, 90_000);
});
