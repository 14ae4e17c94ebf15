import { centsToDecimalString } from '@budget/money';
import { createTestDatabase } from '@budget/platform/testing';
import { bankOfx } from '@budget/ledger/testing';
import { startBenchApi, type BenchApi } from './bench-api.js';
import { percentile } from './measure/timing.js';
import { seedUser, type SeededUser } from './seed-user.js';

/**
 * Projection through the real path (issue 9): an account is filled with `--existing` transactions
 * (default 100,000) by OFX imports through the API — decided, appended and projected exactly as a
 * user's imports are, never by the bulk generator — then, `--runs` times (default 3):
 * - a 5,000-row OFX file with random dates over two years is imported into it; the answer comes
 *   once its rows are in the read models, so rows ÷ answer time is the projection rate;
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
const FILE_ROWS = 5_000;

/** A deterministic pseudo-random stream (mulberry32), so every run imports the same files. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}


/** `rows` rows dated at random over 2023–2024, FITIDs unique across files. */
function ofxFile(file: number, rows: number): string {
  const next = random(file + 1);
  const lines = Array.from({ length: rows }, (_, i) => {
    const date = new Date(Date.UTC(2023, 0, 1 + Math.floor(next() * 730)));
    return { fitid: `B${file}-${i}`, date: date.toISOString().slice(0, 10).replaceAll('-', ''), amount: centsToDecimalString(-1 - Math.floor(next() * 20_000)), name: `Payee ${i % 211}` };
  });
  return bankOfx(lines, '0.00');
}

async function importFile(api: BenchApi, user: SeededUser, accountId: string, file: number, rows: number): Promise<number> {
  const text = ofxFile(file, rows);
  const started = performance.now();
  const answer = await api.app.inject({
    method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload: text,
    headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' },
  });
  const ms = performance.now() - started;
  if (answer.statusCode !== 201) throw new Error(`import answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  return ms;
}

async function moveStartDate(api: BenchApi, user: SeededUser, accountId: string, startDate: string): Promise<number> {
  const started = performance.now();
  const answer = await api.http.patch(`account/${accountId}`, { startDate }, user.access);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`start-date change answered ${answer.status}: ${answer.body}`);
  return ms;
}

const results: { mode: string; importMs: number[]; monthMs: number[]; yearMs: number[]; fillSeconds: number }[] = [];
for (const mode of modes) {
  const database = await createTestDatabase(`projection_bench_${mode}`);
  const api = await startBenchApi(database.url, database.pool, mode);
  try {
    const user = await seedUser(api, database.pool);
    const accountId = user.target.accountIds[0]!;
    const filling = performance.now();
    let file = 0;
    for (let left = existing; left > 0; left -= FILE_ROWS) {
      await importFile(api, user, accountId, file++, Math.min(FILE_ROWS, left));
      process.stdout.write(`\r${mode}: ${Math.min(existing, file * FILE_ROWS)} of ${existing} existing transactions imported`);
    }
    const fillSeconds = (performance.now() - filling) / 1000;
    console.log(` in ${fillSeconds.toFixed(1)} s`);
    await database.pool.query('VACUUM (ANALYZE)');
    const importMs: number[] = [];
    const monthMs: number[] = [];
    const yearMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      importMs.push(await importFile(api, user, accountId, file++, FILE_ROWS));
      for (const [moves, to] of [[monthMs, '2023-02-01'], [yearMs, '2024-01-01']] as const) {
        moves.push(await moveStartDate(api, user, accountId, to));
        moves.push(await moveStartDate(api, user, accountId, '2023-01-01'));
      }
      console.log(`${mode} run ${run + 1}: import ${importMs[run]!.toFixed(0)} ms; month moves ${monthMs.slice(-2).map((m) => m.toFixed(0)).join(', ')} ms; year moves ${yearMs.slice(-2).map((m) => m.toFixed(0)).join(', ')} ms`);
    }
    results.push({ mode, importMs, monthMs, yearMs, fillSeconds });
  } finally {
    await api.close();
    await database.drop();
  }
}

console.log(`\nProjection through the API: ${existing.toLocaleString('en')} transactions imported first, then ${runs} runs; median of the runs`);
console.log('| projection | import of 5,000 rows: ms | events/s | start date moved a month: ms | moved a year: ms | filling the account |\n|---|---|---|---|---|---|');
const listed = (samples: number[]) => `${percentile(samples, 50).toFixed(0)} (${samples.map((m) => m.toFixed(0)).join(', ')})`;
for (const r of results) {
  const median = percentile(r.importMs, 50);
  console.log(
    `| ${r.mode} | ${listed(r.importMs)} | ${Math.round((FILE_ROWS * 1000) / median).toLocaleString('en')} | ${listed(r.monthMs)} | ${listed(r.yearMs)} | ${r.fillSeconds.toFixed(0)} s |`,
  );
}
