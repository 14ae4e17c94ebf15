import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Configuration, PlaidApi, Products } from 'plaid';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetProvisioner } from '@budget/budget';
import { BANK_SYNC_QUEUE, BankSyncQueue, PlaidItemStore, PlaidWebhookCommand } from '@budget/bank-sync';
import { LinkOnlineInstitution } from '@budget/contracts';
import { identityMigrations, PushSubscriptionsRepository, type VapidKeys } from '@budget/identity';
import { CLOCK, EVENT_STORE, ID_GENERATOR, loadConfig, migrate, type Clock, type EventStore, type IdGenerator } from '@budget/platform';
import { createTestDatabase, until, type TestDatabase } from '@budget/platform/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { BankSyncWorkerModule } from '../bank-sync/bank-sync-worker.module.js';
import { WorkerModule } from '../worker.module.js';

/**
 * Web push end to end (docs/architecture.md §7): a local HTTPS server stands in for the browser
 * vendor's push service. A subscription made with real P-256 keys (as a browser makes one) is
 * stored for a user; a sync of the user's linked bank leaves new rows in Unassigned, and the
 * worker — sync job → job outbox → relay → `push` queue — POSTs an RFC 8291 (aes128gcm) message
 * signed with the VAPID key to the endpoint, which the test verifies and decrypts. A sync that
 * needs relinking pushes "Action Required"; a 410 from the push service removes the subscription.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-push-${randomUUID()}`;
const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push-test@budget.local' };

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let sim: RunningPlaidSimulator;
let plaid: PlaidApi;
let db: TestDatabase;
let bankSync: INestApplicationContext;
let worker: INestApplicationContext;
let queue: BankSyncQueue;
let pushService: Server;
let pushUrl: string;
let certDir: string;
const received: Received[] = [];
/** Paths the stand-in answers 410 Gone (an expired subscription). */
const gone = new Set<string>();

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's subscription: its own P-256 key pair and 16-byte auth secret. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { endpoint: `${pushUrl}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } } };
}

/** RFC 8291 / RFC 8188 aes128gcm, one record: what the browser does with the POST body. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** `Authorization: vapid t=<ES256 JWT>, k=<public key>` (RFC 8292), checked as a push service does. */
function checkVapid(header: string | undefined): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(vapid.publicKey);
  const [head, claims, signature] = jwt!.split('.');
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' });
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
}

/** A signed-up user with a budget (identity row and provisioned events). */
async function newUser(seed: string): Promise<string> {
  const userId = randomUUID();
  await db.pool.query(
    `INSERT INTO identity_users (id, username, email, password_hash, roles, created_at, updated_at) VALUES ($1, $2, $3, 'x', '[]', now(), now())`,
    [userId, `push-${seed}`, `push-${seed}@example.com`],
  );
  const provisioner = new BudgetProvisioner(bankSync.get<EventStore>(EVENT_STORE), bankSync.get<Clock>(CLOCK), bankSync.get<IdGenerator>(ID_GENERATOR));
  await provisioner.provision(userId, randomUUID());
  return userId;
}

/** Links a simulated bank as the API does: its first sync goes through the job outbox to the worker. */
async function link(userId: string, seed: string): Promise<string> {
  const { data } = await plaid.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions], options: { seed } as never });
  await bankSync.get(CommandBus).execute(new LinkOnlineInstitution(userId, data.public_token, 'ins_109508', '2024-01-01'));
  return (await bankSync.get(PlaidItemStore).listByUser(userId))[0]!.itemId;
}

const synced = async (itemId: string) => (await bankSync.get(PlaidItemStore).findByItemId(itemId))?.cursor != null;
/** Every job the outbox holds has run (the link's sync and the push it asked for). */
const outboxDone = async () => (await db.pool.query('SELECT 1 FROM job_outbox WHERE finished_at IS NULL')).rowCount === 0;

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'push-service-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const cert = readFileSync(join(certDir, 'cert.pem'));
  pushService = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = gone.has(request.url ?? '') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const address = pushService.address();
  pushUrl = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  sim = await startPlaidSimulator({ port: 0, today: '2025-03-15' });
  plaid = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  db = await createTestDatabase('push_worker');
  await migrate(db.pool, identityMigrations);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64'), MAIL_OUTBOX_DIR: certDir },
    process.cwd(),
  );
  bankSync = await NestFactory.createApplicationContext(
    BankSyncWorkerModule.forRoot({ config, pool: db.pool, sync: { minIntervalMs: 0, dailyPattern: null, backoffMs: 100, concurrency: 2 } }),
    { logger: false },
  );
  await bankSync.init();
  worker = await NestFactory.createApplicationContext(
    WorkerModule.forRoot({ config, pool: db.pool, queuePrefix: prefix, vapidKeys: vapid, pushAgent: new Agent({ ca: cert }), relay: { pollMs: 100 } }),
    { logger: false },
  );
  await worker.init();
  queue = new BankSyncQueue({ redisUrl, prefix, backoffMs: 100 });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await bankSync?.close();
  await db?.drop();
  await sim?.close();
  await new Promise((resolve) => pushService?.close(resolve));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

const pushesTo = (path: string) => received.filter((r) => r.path === path);

describe('the worker pushes to the user\'s subscriptions (a local push service)', () => {
  it('a sync that leaves new rows in Unassigned sends "New Transactions" with their count, encrypted for the browser and signed with the VAPID key', async () => {
    const userId = await newUser('push-new');
    const browser = browserSubscription(`/send/${randomUUID()}`);
    const other = browserSubscription(`/send/${randomUUID()}`);
    const repository = new PushSubscriptionsRepository();
    await repository.upsert(db.pool, userId, browser.json, new Date());
    const stranger = await newUser('push-stranger');
    await repository.upsert(db.pool, stranger, other.json, new Date());

    // The link's first sync (job outbox → relay → bank-sync worker) records the bank's rows.
    const itemId = await link(userId, 'push-new');
    const path = new URL(browser.json.endpoint).pathname;
    await until(() => pushesTo(path).length === 1, 30_000);
    expect(await synced(itemId)).toBe(true);
    // No rule claims anything: every row the sync recorded waits in Unassigned, but the two sides
    // of each transfer between the user's accounts the sync paired (README "Transfer pairs").
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT (count(*) FILTER (WHERE type = 'TransactionRecorded' AND metadata->>'actor' = 'plaid')
             - count(*) FILTER (WHERE type = 'TransactionChanged' AND data ? 'transferPair'))::int AS n
         FROM es_events WHERE user_id = $1`, [userId]);
    const unassigned = rows[0]!.n;
    expect(unassigned).toBeGreaterThan(100);
    const push = pushesTo(path)[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push.headers.ttl)).toBe(86_400);
    const claims = checkVapid(push.headers.authorization as string);
    expect(claims).toMatchObject({ aud: pushUrl, sub: vapid.subject });
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(decrypt(push.body, browser.ecdh, browser.auth)).toEqual({
      title: 'New Transactions', body: `${unassigned} new transactions wait in Unassigned.`, tag: 'new-transactions', url: '/home', unassignedCount: unassigned,
    });
    // The other user's browser heard nothing.
    expect(pushesTo(new URL(other.json.endpoint).pathname)).toEqual([]);
  }, 60_000);

  it('a sync that needs relinking sends "Action Required"; a 410 from the push service removes that subscription', async () => {
    const userId = await newUser('push-relink');
    const itemId = await link(userId, 'push-relink');
    await until(async () => (await synced(itemId)) && (await outboxDone()), 30_000);
    const alive = browserSubscription(`/send/${randomUUID()}`);
    const expired = browserSubscription(`/send/${randomUUID()}`);
    gone.add(new URL(expired.json.endpoint).pathname);
    const repository = new PushSubscriptionsRepository();
    await repository.upsert(db.pool, userId, alive.json, new Date());
    await repository.upsert(db.pool, userId, expired.json, new Date());
    sim.faults.push({ id: 'login', item_id: itemId, endpoint: '/transactions/sync', error_code: 'ITEM_LOGIN_REQUIRED', times: null, delayMs: 0 });

    await queue.request(itemId, 'test');
    await until(async () => (await bankSync.get(PlaidItemStore).findByItemId(itemId))?.status === 'needs_relink', 15_000);

    const alivePath = new URL(alive.json.endpoint).pathname;
    await until(() => pushesTo(alivePath).length === 1 && pushesTo(new URL(expired.json.endpoint).pathname).length === 1, 15_000);
    expect(decrypt(pushesTo(alivePath)[0]!.body, alive.ecdh, alive.auth)).toEqual({
      title: 'Action Required', body: 'A linked bank needs you to sign in again to keep syncing.', tag: 'relink', url: '/accounts',
    });
    await until(async () => (await repository.byUser(db.pool, userId)).length === 1, 5_000);
    expect((await repository.byUser(db.pool, userId)).map((s) => s.endpoint)).toEqual([alive.json.endpoint]);
  }, 60_000);

  it('Plaid\'s ITEM ERROR webhook sends "Action Required" once, after a sync hears the same error, though Plaid sends it twice', async () => {
    const userId = await newUser('push-hook');
    const itemId = await link(userId, 'push-hook');
    await until(async () => (await synced(itemId)) && (await outboxDone()), 30_000);
    const browser = browserSubscription(`/send/${randomUUID()}`);
    await new PushSubscriptionsRepository().upsert(db.pool, userId, browser.json, new Date());
    const path = new URL(browser.json.endpoint).pathname;
    sim.faults.push({ id: 'hook-login', item_id: itemId, endpoint: '/transactions/sync', error_code: 'ITEM_LOGIN_REQUIRED', times: null, delayMs: 0 });

    const since = (await db.pool.query<{ t: Date }>('SELECT now() AS t')).rows[0]!.t;
    // Plaid sends the webhook again when its first delivery is not answered in time: both arrive.
    const webhook = { webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: itemId, error: { error_code: 'ITEM_LOGIN_REQUIRED' } };
    const answers = await Promise.all([1, 2].map(() => bankSync.get(CommandBus).execute(new PlaidWebhookCommand(webhook, undefined, undefined))));
    expect(answers).toEqual([{ received: true }, { received: true }]);
    expect((await bankSync.get(PlaidItemStore).findByItemId(itemId))?.status).toBe('needs_relink');

    await until(() => pushesTo(path).length === 1, 30_000);
    expect(decrypt(pushesTo(path)[0]!.body, browser.ecdh, browser.auth)).toMatchObject({ title: 'Action Required', tag: 'relink', url: '/accounts' });
    // Everything asked for has run: one sync asked for by the webhooks, one push.
    await until(outboxDone, 15_000);
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM job_outbox WHERE queue = $1 AND created_at >= $2', [BANK_SYNC_QUEUE, since]);
    expect(rows[0]!.n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushesTo(path)).toHaveLength(1);
    sim.faults.splice(sim.faults.findIndex((f) => f.id === 'hook-login'), 1);
  }, 60_000);
});
