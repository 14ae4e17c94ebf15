import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { createPool, rebuildReadModelsPerUser, type Pool } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { allProjections } from '@budget/read-models';
import { positive } from './args.js';
import { startBenchApi, type BenchApi } from './bench-api.js';
import { bulkLoadTransactions } from './bulk/bulk-load.js';
import { WRITTEN_TABLES } from './bulk/tables.js';
import { seedUser } from './seed-user.js';

/**
 * `npm run rebuild-read-models` at the size of the load target (docs/architecture.md §4): `--users`
 * users (50), each signed up through the API with the bench accounts, and `--transactions` (1,000,000)
 * spread over them, each user's share written into the log by the bulk generator (`src/bulk/`:
 * `TransactionRecorded` events shaped as a manual entry, as the register bench's); then the
 * per-user rebuild the command runs (`rebuildReadModelsPerUser` over `allProjections`,
 * `--concurrency` users at once, default 2 as the command's), `--warmup` times unmeasured (the
 * first fills the read models the generator leaves empty) and `--runs` times measured. Prints each
 * run's seconds, events a second and CPU seconds (this process's, which replays, and the whole
 * machine's: on a quiet machine the rest is PostgreSQL's), and the median of the runs' seconds. `--from-empty` empties every read-model table before each run, so that
 * the rebuild writes every row (as after a projection change that alters them all); without it a
 * run finds the rows the previous one made. `--database-url` keeps the data (filled once,
 * resumed per user from the marker table `ledger_bench_rebuild_users`); `--fill-only` stops after it.
 *
 *   npm run bench:rebuild -- [--users 50] [--transactions 1000000] [--runs 3] [--warmup 1] [--concurrency 2] [--from-empty] [--database-url URL] [--fill-only]
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string' }, transactions: { type: 'string' }, runs: { type: 'string' }, warmup: { type: 'string' },
    concurrency: { type: 'string' }, 'database-url': { type: 'string' }, 'fill-only': { type: 'boolean' }, 'from-empty': { type: 'boolean' },
  },
});
const users = Math.max(1, positive('users', values.users, 50));
const transactions = Math.max(users, positive('transactions', values.transactions, 1_000_000));
const runs = positive('runs', values.runs, 3);
const warmup = positive('warmup', values.warmup, 1);
const concurrency = Math.max(1, positive('concurrency', values.concurrency, 2));
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const fromEmpty = values['from-empty'] === true;

/** Users signed up by one API instance before the next (its sign-up limit is per address, and each instance has its own limiter prefix). */
const USERS_PER_API = 10;

const MARKER = `CREATE TABLE IF NOT EXISTS ledger_bench_rebuild_users (user_id text PRIMARY KEY, transactions integer NOT NULL)`;

async function fill(url: string, pool: Pool): Promise<void> {
  await pool.query(MARKER);
  const perUser = Math.floor(transactions / users);
  const { rows } = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_bench_rebuild_users');
  let have = Number(rows[0]!.n);
  const started = performance.now();
  let api: BenchApi | null = null;
  try {
    for (; have < users; have += 1) {
      if (api === null || have % USERS_PER_API === 0) {
        await api?.close();
        api = await startBenchApi(url, pool, 'inline');
      }
      const user = await seedUser(api, pool);
      await bulkLoadTransactions(pool, user.target, { transactions: perUser, seed: have + 1, projection: 'inline' });
      await pool.query('INSERT INTO ledger_bench_rebuild_users (user_id, transactions) VALUES ($1, $2)', [user.target.userId, perUser]);
      process.stdout.write(`\rfilled ${have + 1} of ${users} users (${perUser} transactions each)`);
    }
  } finally {
    await api?.close();
  }
  for (const table of WRITTEN_TABLES) await pool.query(`VACUUM (ANALYZE) ${table}`);
  console.log(`\nfill: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** CPU seconds the whole machine has spent (user and system, every core) since boot, from /proc/stat. */
function machineCpuSeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user, nice, system, irq, softirq, steal: every busy column (idle and iowait left out); USER_HZ is 100 on Linux.
  return ((fields[0] ?? 0) + (fields[1] ?? 0) + (fields[2] ?? 0) + (fields[5] ?? 0) + (fields[6] ?? 0) + (fields[7] ?? 0)) / 100;
}

async function rebuildOnce(pool: Pool): Promise<{ seconds: number; events: number; users: number; nodeCpu: number; machineCpu: number }> {
  if (fromEmpty) {
    // Every row written anew, as after a change of a projection that alters every row (or a lost read model).
    const tables = [...new Set(allProjections.flatMap((p) => p.tables))];
    await pool.query(`TRUNCATE ${tables.map((t) => pg.escapeIdentifier(t)).join(', ')}`);
    await pool.query('CHECKPOINT');
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  const machine = machineCpuSeconds();
  const result = await rebuildReadModelsPerUser({ pool, projections: allProjections, concurrency });
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, ...result, nodeCpu: (used.user + used.system) / 1e6, machineCpu: machineCpuSeconds() - machine };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const database = databaseUrl ? { url: databaseUrl, pool: createPool(databaseUrl, 10), drop: null } : await createTestDatabase('rebuild_bench');
try {
  console.log(`rebuild: ${users} users, ${transactions} transactions, concurrency ${concurrency}, on ${database.url}`);
  await fill(database.url, database.pool);
  if (values['fill-only'] !== true) {
    for (let i = 0; i < warmup; i += 1) {
      const run = await rebuildOnce(database.pool);
      console.log(`warm-up: ${run.events} events of ${run.users} users in ${run.seconds.toFixed(1)} s`);
    }
    const seconds: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await rebuildOnce(database.pool);
      seconds.push(run.seconds);
      console.log(`run ${i + 1}: ${run.events} events of ${run.users} users in ${run.seconds.toFixed(1)} s, ${Math.round(run.events / run.seconds)} events/s; CPU: this process ${run.nodeCpu.toFixed(1)} s, the machine ${run.machineCpu.toFixed(1)} s (load average ${loadavg()[0]!.toFixed(1)})`);
    }
    if (seconds.length > 0) console.log(`median of ${seconds.length}: ${median(seconds).toFixed(1)} s`);
  }
} finally {
  if (database.drop) await database.drop();
  else await database.pool.end();
}
