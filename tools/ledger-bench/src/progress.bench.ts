import { isDeepStrictEqual, parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { signUp } from '@budget/identity/testing';
import { createTestDatabase } from '@budget/platform/testing';
import { budgetProgressDaysSql, budgetProgressSql, PROGRESS_BACKFILL_SQL } from '@budget/reporting';
import type { Pool } from '@budget/platform';
import { positive } from './args.js';
import { startBenchApi } from './bench-api.js';

/**
 * Budget progress at 25,000 and 125,000 lines in one month (docs/architecture.md §4.7): on a
 * throwaway database, users signed up and given two Transactions-tracked accounts through the API,
 * then the month's category lines written straight into the reporting projection's line table
 * (`reporting_split_facts`, as its projection writes them) with a month of lines before and after,
 * fundings without an account, one line in ten a manual row, one in fifty pending, and the
 * budget-progress sums made from them by the migration's own backfill (`PROGRESS_BACKFILL_SQL`);
 * VACUUM ANALYZE as autovacuum would. Then, interleaved, `--rounds` times after `--warmup`: the
 * statement budget progress ran before (`PREVIOUS_SQL`, one row a day with a uuid[] of ids, the
 * lines read from the heap; left out with `--without-previous`, it takes seconds a round), the
 * spec route's statement (`budgetProgressSql`) and its whole API call (`GET
 * /reports/budget-progress`), and our client's days route, its statement (`budgetProgressDaysSql`)
 * and its API call (`GET /reports/budget-progress/days`); the read cache off so that each call runs
 * its query; then the days route's statement and call alone, as many rounds again (interleaved,
 * its call pays for collecting the spec route's megabytes of answer). The answers are compared
 * first (the days route's days, left and counts against the spec route's). `--runs` repeats the rounds and prints the median of the runs' p50 and p99.
 * `--explain` prints the days statement's plan first. Run: `npm run bench:progress -- [--rounds 50]
 * [--warmup 5] [--runs 1] [--without-previous] [--explain]`.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string' }, warmup: { type: 'string' }, runs: { type: 'string' }, 'without-previous': { type: 'boolean' }, explain: { type: 'boolean' },
  },
});
const rounds = Math.max(1, positive('rounds', values.rounds, 50));
const warmup = positive('warmup', values.warmup, 5);
const runs = Math.max(1, positive('runs', values.runs, 1));
const withPrevious = values['without-previous'] !== true;

const PREVIOUS_SQL = `WITH cats AS (
       SELECT c.id FROM budget_categories c JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id
        WHERE c.user_id = $1 AND g.type IN ('REGULAR', 'NO GROUP') AND c.type IN ('REGULAR', 'GOAL')),
     lines AS (
       SELECT s.transaction_id, s.date, s.type, s.amount_cents
         FROM reporting_split_facts s JOIN cats ON cats.id = s.category_id
         LEFT JOIN ledger_accounts a ON a.id = s.account_id AND a.user_id = $1
        WHERE s.user_id = $1 AND s.date >= $2::date AND s.date < $3::date
          AND (s.account_id IS NULL OR (a.tracking = 'Transactions' AND s.date >= a.start_date))),
     funded AS (SELECT COALESCE(sum(amount_cents), 0) AS cents FROM lines WHERE type = 2),
     days AS (
       SELECT date, sum(amount_cents) AS cents, array_agg(DISTINCT transaction_id ORDER BY transaction_id)::text[] AS ids
         FROM lines WHERE type NOT IN (2, 3, 4) GROUP BY date)
     SELECT to_char(d.date, 'YYYY-MM-DD') AS date, (f.cents + sum(d.cents) OVER (ORDER BY d.date))::text AS cents, d.ids
       FROM days d CROSS JOIN funded f ORDER BY d.date`;

type BudgetProgressDbRow = Awaited<ReturnType<typeof budgetProgressSql>>[number];

const previous = async (pool: Pool, userId: string) => (await pool.query<BudgetProgressDbRow>(PREVIOUS_SQL, [userId, '2025-12-01', '2026-01-01'])).rows;

/** `lines` category lines in each of November, December and January (a line in ten of a second category of its row), 31 fundings in December. */
async function fill(pool: Pool, userId: string, accounts: string[], lines: number): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT c.id FROM budget_categories c JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id
      WHERE c.user_id = $1 AND g.type IN ('REGULAR', 'NO GROUP') AND c.type IN ('REGULAR', 'GOAL') ORDER BY c.id`,
    [userId],
  );
  const cats = rows.map((r) => r.id);
  for (const month of ['2025-11-01', '2025-12-01', '2026-01-01']) {
    await pool.query(
      `WITH tx AS (
         SELECT i, gen_random_uuid() AS id FROM generate_series(1, $5::int) AS i)
       INSERT INTO reporting_split_facts (user_id, transaction_id, category_id, account_id, date, type, pending, amount_cents)
       SELECT $1, tx.id, ($2::text[])[1 + ((tx.i + k) % array_length($2::text[], 1))], ($3::uuid[])[1 + tx.i % 2],
              $4::date + (tx.i % 28 + tx.i % 3), CASE WHEN tx.i % 10 = 0 THEN 5 ELSE 0 END, tx.i % 50 = 0, -(100 + (tx.i * 7919) % 10000)
         FROM tx CROSS JOIN generate_series(0, 1) AS k
        WHERE k = 0 OR tx.i % 10 = 3`,
      [userId, cats, accounts, month, Math.round(lines / 1.1)],
    );
  }
  await pool.query(
    `INSERT INTO reporting_split_facts (user_id, transaction_id, category_id, account_id, date, type, pending, amount_cents)
     SELECT $1, gen_random_uuid(), ($2::text[])[1 + i % array_length($2::text[], 1)], NULL, '2025-12-01'::date + i % 31, 2, false, 5000000 FROM generate_series(0, 30) AS i`,
    [userId, cats],
  );
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);
/** The median over the runs of each run's p50 and p99. */
const stats = (perRun: number[][]) => {
  if (perRun.length === 0 || perRun[0]!.length === 0) return '—';
  const sorted = perRun.map((xs) => [...xs].sort((a, b) => a - b));
  return `${median(sorted.map((xs) => quantile(xs, 0.5))).toFixed(1)} / ${median(sorted.map((xs) => quantile(xs, 0.99))).toFixed(1)}`;
};
const MONTH: [string, string] = ['2025-12-01', '2026-01-01'];

const db = await createTestDatabase('progress_bench');
const api = await startBenchApi(db.url, db.pool, 'inline', {}, { readCache: false });
try {
  await api.stopProjector();
  const table: string[] = [];
  const loads: string[] = [];
  for (const lines of [25_000, 125_000]) {
    const user = await signUp(api.http, api.mail, `progress${lines}`);
    const userId = (JSON.parse(Buffer.from(user.access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
    const opened = await api.http.post('institution', {
      institution: { name: 'Bank' }, startDate: '2025-01-01',
      accounts: [{ name: 'Checking', balance: 0, tracking: 'Transactions' }, { name: 'Card', balance: 0, tracking: 'Transactions' }],
    }, user.access);
    if (opened.status !== 201) throw new Error(`POST /institution answered ${opened.status}: ${opened.body}`);
    await fill(db.pool, userId, opened.json<{ data: { accounts: { id: string }[] } }>().data.accounts.map((a) => a.id), lines);
    // The sums of every user's lines, as the migration makes them (this database holds the bench's users only).
    await db.pool.query('TRUNCATE reporting_progress_days, reporting_progress_sets');
    await db.pool.query(PROGRESS_BACKFILL_SQL);
    await db.pool.query('VACUUM (ANALYZE) reporting_split_facts, reporting_progress_days, reporting_progress_sets');
    const { rows: counted } = await db.pool.query<{ n: string; d: string; s: string }>(
      `SELECT (SELECT count(*) FROM reporting_split_facts WHERE user_id = $1 AND date >= $2 AND date < $3)::text AS n,
              (SELECT count(*) FROM reporting_progress_days WHERE user_id = $1 AND date >= $2 AND date < $3)::text AS d,
              (SELECT count(*) FROM reporting_progress_sets WHERE user_id = $1 AND date >= $2 AND date < $3)::text AS s`,
      [userId, ...MONTH],
    );
    const now = await budgetProgressSql(db.pool, userId, ...MONTH);
    if (withPrevious && !isDeepStrictEqual(await previous(db.pool, userId), now)) throw new Error('the previous and the current statement answer differently');
    const days = await budgetProgressDaysSql(db.pool, userId, ...MONTH);
    if (!isDeepStrictEqual(days.days, now.map((d) => ({ date: d.date, cents: d.cents, count: d.ids.length })))) throw new Error('the days route answers other days than the spec route');
    if (values.explain) {
      // The plans of the days route's statement, as it runs (the report's own function, its statement prefixed).
      const explaining = { query: async (text: string, params: unknown[]) => {
        const { rows } = await db.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [] };
      } } as unknown as Pool;
      await budgetProgressDaysSql(explaining, userId, ...MONTH);
    }
    const times = {
      previous: [] as number[][], current: [] as number[][], api: [] as number[][], daysSql: [] as number[][], daysApi: [] as number[][],
      aloneSql: [] as number[][], aloneApi: [] as number[][],
    };
    let bytes = 0;
    let daysBytes = 0;
    const call = async (url: string) => {
      const answer = await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.access}` } });
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
      return answer.rawPayload.length;
    };
    for (let run = 0; run < runs; run++) {
      for (const series of Object.values(times)) series.push([]);
      for (let round = -warmup; round < rounds; round++) {
        const t0 = performance.now();
        if (withPrevious) await previous(db.pool, userId);
        const t1 = performance.now();
        await budgetProgressSql(db.pool, userId, ...MONTH);
        const t2 = performance.now();
        bytes = await call('/api/v1/reports/budget-progress?m=12-2025');
        const t3 = performance.now();
        await budgetProgressDaysSql(db.pool, userId, ...MONTH);
        const t4 = performance.now();
        daysBytes = await call('/api/v1/reports/budget-progress/days?m=12-2025');
        const t5 = performance.now();
        if (round < 0) continue;
        if (withPrevious) times.previous.at(-1)!.push(t1 - t0);
        times.current.at(-1)!.push(t2 - t1);
        times.api.at(-1)!.push(t3 - t2);
        times.daysSql.at(-1)!.push(t4 - t3);
        times.daysApi.at(-1)!.push(t5 - t4);
      }
      // The days route alone: interleaved, its API call follows the spec route's (a 0.9–4.3 MB
      // answer in the same process), and the collection of that garbage lands in its time.
      for (let round = -warmup; round < rounds; round++) {
        const t0 = performance.now();
        await budgetProgressDaysSql(db.pool, userId, ...MONTH);
        const t1 = performance.now();
        await call('/api/v1/reports/budget-progress/days?m=12-2025');
        const t2 = performance.now();
        if (round < 0) continue;
        times.aloneSql.at(-1)!.push(t1 - t0);
        times.aloneApi.at(-1)!.push(t2 - t1);
      }
      loads.push(loadavg().map((l) => l.toFixed(1)).join(' '));
    }
    const ids = now.reduce((n, d) => n + d.ids.length, 0);
    const [n, d, sets] = [counted[0]!.n, counted[0]!.d, counted[0]!.s].map((x) => Number(x).toLocaleString('en'));
    table.push(
      `| ${n} | ${ids.toLocaleString('en')} | ${stats(times.previous)} | ${stats(times.current)} | ${stats(times.api)} | ${Math.round(bytes / 1024).toLocaleString('en')} KB ` +
        `| ${d} + ${sets} | ${stats(times.daysSql)} | ${stats(times.daysApi)} | ${stats(times.aloneSql)} | ${stats(times.aloneApi)} | ${(daysBytes / 1024).toFixed(1)} KB |`,
    );
    console.log(`  ${lines.toLocaleString('en')} lines measured`);
  }
  const { rows } = await db.pool.query<{ server_version: string }>('SHOW server_version');
  console.log(`\nBudget progress for December 2025, ${runs} run(s) of ${rounds} rounds after ${warmup} warm-ups, interleaved; PostgreSQL ${rows[0]?.server_version ?? '?'}; ms p50 / p99 (the median of the runs')`);
  console.log(`load average (1, 5, 15 min) after each run: ${loads.join('; ')}`);
  console.log(
    '| lines in the month | ids answered | previous SQL | spec route SQL | spec route API (cache off) | spec answer | progress rows (days + sets) ' +
      '| days route SQL | days route API (cache off) | days route SQL, alone | days route API, alone | days answer |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of table) console.log(line);
} finally {
  await api.close();
  await db.drop();
}
