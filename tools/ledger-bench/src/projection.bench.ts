import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi, type BenchApi } from './bench-api.js';
import { fillAccount, FILE_ROWS, importFile } from './fill.js';
import { percentile } from './measure/timing.js';
import { seedUser, type SeededUser } from './seed-user.js';

/**
 * Projection through the real path (docs/architecture.md §4): an account is filled with
 * `--existing` transactions (default 100,000) by OFX imports through the API — decided, appended
 * and projected exactly as a user's imports are, never by the bulk generator — then, `--runs` times
 * (default 3):
 * - a 5,000-row OFX file with random dates over two years is imported into it; the answer comes
 *   once its rows are in the read models, so rows ÷ answer time is the projection rate;
 * - the same file is imported again with every amount changed (as a bank re-sends modified rows):
 *   5,000 `TransactionChanged` events in one write, each moving its row's amount and its
 *   Unassigned split; the time until the answer and the changed rows per second;
 * - the account's start date moves forward by a month and back, then forward by a year and back: the
 *   time until each answer, which carries the re-evaluated balances. A move re-evaluates every
 *   transaction dated between the two start dates: about 4,300 for a month, 52,000 for the year.
 * Both ways the product projects, in the same run: `inline` (PostgreSQL's default: in the append's
 * own transaction) and `async` (the projector process's path, as with EventStoreDB; the answer waits
 * for the projector). Run: `npm run bench:projection -- [--existing 100000] [--runs 3] [--modes inline,async]`.
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const whole = (name: string, fallback: number) => {
  const value = Number(argument(name, String(fallback)));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const existing = whole('existing', 100_000);
const runs = whole('runs', 3);
const modes = argument('modes', 'inline,async').split(',') as ('inline' | 'async')[];

async function moveStartDate(api: BenchApi, user: SeededUser, accountId: string, startDate: string): Promise<number> {
  const started = performance.now();
  const answer = await api.http.patch(`account/${accountId}`, { startDate }, user.access);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`start-date change answered ${answer.status}: ${answer.body}`);
  return ms;
}

const results: { mode: string; importMs: number[]; changedMs: number[]; monthMs: number[]; yearMs: number[]; fillSeconds: number }[] = [];
for (const mode of modes) {
  const database = await createTestDatabase(`projection_bench_${mode}`);
  const api = await startBenchApi(database.url, database.pool, mode);
  try {
    const user = await seedUser(api, database.pool);
    const accountId = user.target.accountIds[0]!;
    const filled = await fillAccount(api, user, accountId, existing, mode);
    let file = filled.files;
    const fillSeconds = filled.seconds;
    await database.pool.query('VACUUM (ANALYZE)');
    const importMs: number[] = [];
    const changedMs: number[] = [];
    const monthMs: number[] = [];
    const yearMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      importMs.push(await importFile(api, user, accountId, file, FILE_ROWS));
      changedMs.push(await importFile(api, user, accountId, file++, FILE_ROWS, true));
      for (const [moves, to] of [[monthMs, '2023-02-01'], [yearMs, '2024-01-01']] as const) {
        moves.push(await moveStartDate(api, user, accountId, to));
        moves.push(await moveStartDate(api, user, accountId, '2023-01-01'));
      }
      console.log(`${mode} run ${run + 1}: import ${importMs[run]!.toFixed(0)} ms; changed again ${changedMs[run]!.toFixed(0)} ms; month moves ${monthMs.slice(-2).map((m) => m.toFixed(0)).join(', ')} ms; year moves ${yearMs.slice(-2).map((m) => m.toFixed(0)).join(', ')} ms`);
    }
    results.push({ mode, importMs, changedMs, monthMs, yearMs, fillSeconds });
  } finally {
    await api.close();
    await database.drop();
  }
}

console.log(`\nProjection through the API: ${existing.toLocaleString('en')} transactions imported first, then ${runs} runs; median of the runs`);
console.log(
  '| projection | import of 5,000 rows: ms | events/s | the 5,000 rows changed: ms | events/s | start date moved a month: ms | moved a year: ms | filling the account |\n|---|---|---|---|---|---|---|---|',
);
const listed = (samples: number[]) => `${percentile(samples, 50).toFixed(0)} (${samples.map((m) => m.toFixed(0)).join(', ')})`;
for (const r of results) {
  const rate = (samples: number[]) => Math.round((FILE_ROWS * 1000) / percentile(samples, 50)).toLocaleString('en');
  console.log(
    `| ${r.mode} | ${listed(r.importMs)} | ${rate(r.importMs)} | ${listed(r.changedMs)} | ${rate(r.changedMs)} | ${listed(r.monthMs)} | ${listed(r.yearMs)} | ${r.fillSeconds.toFixed(0)} s |`,
  );
}
