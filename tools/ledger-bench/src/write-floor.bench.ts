import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { AccessTokens } from '@budget/identity';
import { EVENT_STORE, PostgresEventStore, type EventStore, type NewEvent } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi } from './bench-api.js';
import { measureInterleaved, percentile } from './measure/timing.js';
import { seedUser } from './seed-user.js';

/**
 * The floor under a write (docs/architecture.md §4, "Statements per write"; README, Performance):
 * each write through the whole API (`app.inject`, as `bench:writes`) against a bare Fastify route
 * on the same process and database that does only what a write cannot do without — verify the
 * bearer JWT (the API's own `AccessTokens.verify`), then append the same events (those the API
 * wrote for the same call, with fresh ids and the next date) through the API's own event store, so
 * that the same inline projection SQL runs in the append's one transaction. The floor reads no
 * session, no idempotency row, looks nothing up and answers nothing but the position. Beside it, a
 * second bare route appends the same events with no projection at all (a plain PostgreSQL store on
 * the same database): the least any write could cost if the read models were projected after the
 * answer (README, "Side by side with the original server"). Interleaved, so drift on a shared
 * machine falls on all alike; p50 of the API ÷ p50 of its floor per kind.
 * Run: `npm run bench:write-floor -- [--iterations 300] [--warmup 30]`.
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const iterations = argument('iterations', 300);
const warmup = argument('warmup', 30);

interface Template {
  stream: string;
  transactionId: string;
  events: { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[];
}

const database = await createTestDatabase('write_floor');
const api = await startBenchApi(database.url, database.pool);
const floor = Fastify({ logger: false });
try {
  const user = await seedUser(api, database.pool);
  const [accountId] = user.target.accountIds;
  const [first, second] = user.target.categoryIds;
  const { rows } = await database.pool.query<{ id: string }>(`SELECT id FROM budget_categories WHERE user_id = $1 AND type = 'FUNDING POOL'`, [user.target.userId]);
  const fundingPool = rows[0]!.id;
  let day = 0;
  const nextDate = () => new Date(Date.UTC(2025, 0, 1 + (day++ % 700))).toISOString().slice(0, 10);
  const post = async (url: string, body: object) => {
    const response = await api.app.inject({
      method: 'POST', url: `/api/v1/${url}`, payload: body, headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': randomUUID() },
    });
    if (response.statusCode >= 300) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
    return JSON.parse(response.body) as { transaction?: { id: string }; data?: { transaction?: { id: string } } };
  };
  const bodies: Record<string, [string, () => object]> = {
    transaction: [`account/${accountId}/transactions`, () => ({ date: nextDate(), name: 'Grocer', amount: -12.34, principle: 0, categories: [{ categoryId: first, amount: -12.34 }] })],
    funding: ['category-transfer', () => ({ date: nextDate(), type: 2, categories: [{ categoryId: fundingPool, amount: -5, funder: true }, { categoryId: first, amount: 5 }] })],
    rebalance: ['category-transfer', () => ({ date: nextDate(), type: 3, categories: [{ categoryId: first, amount: -1 }, { categoryId: second, amount: 1 }] })],
  };

  // The events the API wrote for one call of each kind: the floor appends the same ones.
  const templates: Record<string, Template> = {};
  for (const [kind, [url, body]] of Object.entries(bodies)) {
    const answer = await post(url, body());
    const transactionId = (answer.transaction ?? answer.data?.transaction)?.id;
    if (!transactionId) throw new Error(`POST ${url} answered no transaction`);
    const { rows: events } = await database.pool.query<{ stream_id: string; type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      `SELECT stream_id, type, data, metadata FROM es_events
        WHERE position = ANY(SELECT position FROM es_events WHERE user_id = $1 AND data->>'transactionId' = $2) ORDER BY position`,
      [user.target.userId, transactionId],
    );
    if (events.length === 0) throw new Error(`no events stored for ${kind}`);
    templates[kind] = { stream: events[0]!.stream_id, transactionId, events: events.map(({ type, data, metadata }) => ({ type, data, metadata })) };
  }

  const tokens = api.app.get(AccessTokens);
  const inlineStore = api.app.get<EventStore>(EVENT_STORE);
  // The same log, appended with no projection: its events never reach the read models, which the
  // routes through the API and the inline floor do not read (each appends to a new stream).
  const plainStore = await PostgresEventStore.create(database.pool, database.url);
  floor.post<{ Params: { kind: string; mode: string } }>('/floor/:mode/:kind', async (request, reply) => {
    const store = request.params.mode === 'inline' ? inlineStore : plainStore;
    const header = request.headers.authorization ?? '';
    const caller = header.startsWith('Bearer ') ? await tokens.verify(header.slice(7)) : null;
    if (!caller) return reply.code(401).send({ errors: [{ code: 'unauthorized' }] });
    const template = templates[request.params.kind];
    if (!template) return reply.code(404).send({ errors: [{ code: 'not-found' }] });
    // The template's transaction id replaced everywhere (stream, data), its date moved on, fresh event ids.
    const transactionId = randomUUID();
    const swap = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(template.transactionId, transactionId)) as T;
    const date = nextDate();
    const events: NewEvent[] = template.events.map((event) => ({
      id: randomUUID(), type: event.type,
      data: { ...swap(event.data), ...('date' in event.data ? { date } : {}) },
      metadata: { ...swap(event.metadata), userId: caller.userId },
    }) as NewEvent);
    const [result] = await store.appendMany([{ stream: swap(template.stream), events, expectedRevision: 'no_stream' }]);
    return reply.code(201).send({ data: { position: result!.position.toString() } });
  });
  await floor.ready();

  const viaFloor = async (mode: 'inline' | 'append', kind: string) => {
    const response = await floor.inject({ method: 'POST', url: `/floor/${mode}/${kind}`, headers: { authorization: `Bearer ${user.access}` } });
    if (response.statusCode !== 201) throw new Error(`floor ${kind} answered ${response.statusCode}: ${response.body}`);
  };
  const calls: Record<string, () => Promise<void>> = {};
  for (const [kind, [url, body]] of Object.entries(bodies)) {
    calls[`api ${kind}`] = async () => void (await post(url, body()));
    calls[`floor ${kind}`] = () => viaFloor('inline', kind);
    calls[`append ${kind}`] = () => viaFloor('append', kind);
  }
  const timed = await measureInterleaved(calls, iterations, warmup);
  console.log(`\nWrites through the API against their floor (bare Fastify route: JWT verify, the same events appended and projected inline in one transaction) and the append alone (the same route, no projection); ${iterations} timed rounds after ${warmup} warm-up; ms`);
  console.log('| write | API p50 | API p99 | floor p50 | floor p99 | API p50 ÷ floor p50 | append alone p50 | append alone ÷ API p50 |\n|---|---|---|---|---|---|---|---|');
  for (const kind of Object.keys(bodies)) {
    const a = timed[`api ${kind}`]!;
    const f = timed[`floor ${kind}`]!;
    const alone = timed[`append ${kind}`]!;
    console.log(`| ${kind} | ${percentile(a, 50).toFixed(2)} | ${percentile(a, 99).toFixed(2)} | ${percentile(f, 50).toFixed(2)} | ${percentile(f, 99).toFixed(2)} | ${(percentile(a, 50) / percentile(f, 50)).toFixed(2)} | ${percentile(alone, 50).toFixed(2)} | ${(percentile(alone, 50) / percentile(a, 50)).toFixed(2)} |`);
  }
} finally {
  await floor.close();
  await api.close();
  await database.drop();
}
