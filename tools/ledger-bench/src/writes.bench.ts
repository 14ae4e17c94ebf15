import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi } from './bench-api.js';
import { measureInterleaved, percentile } from './measure/timing.js';
import { seedUser } from './seed-user.js';

/**
 * Writes through the whole API (app.inject: guards, the contract pipe, the command bus, the
 * decider, the append, the wait for the projector, the answer read from the read models), on a
 * fresh database with the projector running in-process, as `npm start` runs it:
 * - POST /account/{id}/transactions (a one-split manual transaction),
 * - POST /category-transfer type 2 (a funding from the Funding Pool to one category),
 * - POST /category-transfer type 3 (a rebalance between two categories).
 * Interleaved, so drift on a shared machine falls on all alike. Run:
 * `npm run bench:writes -- [--iterations 300] [--warmup 30]`.
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const iterations = argument('iterations', 300);
const warmup = argument('warmup', 30);

const database = await createTestDatabase('write_bench');
const api = await startBenchApi(database.url, database.pool);
try {
  const user = await seedUser(api, database.pool);
  const [accountId] = user.target.accountIds;
  const [first, second] = user.target.categoryIds;
  const { rows } = await database.pool.query<{ id: string }>(
    `SELECT id FROM budget_categories WHERE user_id = $1 AND type = 'FUNDING POOL'`,
    [user.target.userId],
  );
  const pool = rows[0]!.id;
  let day = 0;
  const nextDate = () => new Date(Date.UTC(2025, 0, 1 + (day++ % 700))).toISOString().slice(0, 10);
  const post = async (url: string, body: object) => {
    // As the web client sends every write: with a fresh Idempotency-Key.
    const response = await api.app.inject({
      method: 'POST', url: `/api/v1/${url}`, payload: body, headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': randomUUID() },
    });
    if (response.statusCode >= 300) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  };
  const timed = await measureInterleaved(
    {
      'POST /account/{id}/transactions': () =>
        post(`account/${accountId}/transactions`, { date: nextDate(), name: 'Grocer', amount: -12.34, principle: 0, categories: [{ categoryId: first, amount: -12.34 }] }),
      'POST /category-transfer (funding)': () =>
        post('category-transfer', { date: nextDate(), type: 2, categories: [{ categoryId: pool, amount: -5, funder: true }, { categoryId: first, amount: 5 }] }),
      'POST /category-transfer (rebalance)': () =>
        post('category-transfer', { date: nextDate(), type: 3, categories: [{ categoryId: first, amount: -1 }, { categoryId: second, amount: 1 }] }),
    },
    iterations,
    warmup,
  );
  console.log(`\nWrites through the API: ${iterations} timed rounds after ${warmup} warm-up; times in ms`);
  console.log('| call | p50 | p99 |\n|---|---|---|');
  for (const [call, samples] of Object.entries(timed)) {
    console.log(`| ${call} | ${percentile(samples, 50).toFixed(2)} | ${percentile(samples, 99).toFixed(2)} |`);
  }
} finally {
  await api.close();
  await database.drop();
}
