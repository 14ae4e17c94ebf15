import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { queryWithoutFlush } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { positive } from './args.js';
import { measureInterleaved, percentile } from './measure/timing.js';

/**
 * The idempotency claim's statement (`IdempotencyStore.claim`'s INSERT, on a table of the same
 * shape) committed as before, waiting for the write-ahead log's flush, against in a transaction of
 * its own that does not wait (`queryWithoutFlush`: BEGIN with `SET LOCAL synchronous_commit = off`,
 * the statement and COMMIT in one round trip). Taking turns call by call on one pipelined pool of a
 * fresh database, a new key each call, so the machine's drift falls on both.
 * Run: `npm run bench:claim-flush -- [--iterations 4000] [--warmup 200]`.
 */
const { values } = parseArgs({ options: { iterations: { type: 'string' }, warmup: { type: 'string' } } });
const iterations = positive('iterations', values.iterations, 4000);
const warmup = positive('warmup', values.warmup, 200);

const database = await createTestDatabase('claim_flush');
try {
  await database.pool.query(
    `CREATE TABLE claims (user_id text NOT NULL, key text NOT NULL, request_hash text NOT NULL, state text NOT NULL, holder text,
       started_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, key))`,
  );
  const claim = `INSERT INTO claims (user_id, key, request_hash, state, holder) VALUES ($1, $2, $3, 'running', $4)
                 ON CONFLICT (user_id, key) DO UPDATE SET state = 'running', started_at = now() WHERE claims.started_at < now() - interval '24 hours'`;
  const values = () => ['user', randomUUID(), 'hash', 'holder'];
  const samples = await measureInterleaved(
    {
      'waits for the flush': async () => void (await database.pool.query(claim, values())),
      'without the flush': async () => void (await queryWithoutFlush(database.pool, claim, values())),
    },
    iterations,
    warmup,
  );
  console.log(`\nThe claim's statement, ${iterations} calls each after ${warmup} warm-up rounds, taking turns; ms`);
  console.log('| commit | p50 | p90 | p99 |\n|---|---|---|---|');
  for (const [name, times] of Object.entries(samples)) {
    console.log(`| ${name} | ${percentile(times, 50).toFixed(3)} | ${percentile(times, 90).toFixed(3)} | ${percentile(times, 99).toFixed(3)} |`);
  }
} finally {
  await database.drop();
}
