import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { SEARCH_COUNT_BOUND, searchStatement } from '@budget/ledger';
import { positive } from './args.js';
import { percentile } from './measure/timing.js';
import { prepareSearchDataSet, type SearchUser } from './search/prepare.js';
import { indexLines, useTrigramIndexes, type TrigramIndexes } from './search/trigram-indexes.js';

/**
 * `npm run bench:search` (docs/architecture.md §4.9): GET /transactions/search on `--users` users
 * of `--per-user` transactions each (default 50 × 20,000 = 1,000,000), filled through the real
 * write path (src/search/prepare.ts); in `--database-url` the users filled by earlier runs are
 * kept and the fill resumes with the next one. Each case (1
 * and 2 character names, a word, an amount either way, a category; a common and a rare text of
 * each) is asked `--rounds` times per run, each time by the next user, through the whole API
 * (`app.inject`) and as its one statement on the pool (`searchStatement`: the matches walked once
 * for the page and the count), and as that statement was before: a 1–2 character name walked
 * through the user's rows rather than probed and read from the letters' index (before ledger-030),
 * a category's parts filtered by their user rather than read from their index alone
 * (`searchStatement(…, 'walk')`: the "before" column, interleaved with the others).
 * Every API request carries a distinct `_` parameter, which the contract
 * drops: the per-process answer cache (§6.4) is keyed by the URL, so no answer comes from it.
 * p50 / p95 / p99 per run, then the medians of the runs.
 * `--compare shared-trigram`: the "before" is ledger-013's trigram index of every user's names in
 * place of ledger-027's user-scoped ones (src/search/trigram-indexes.ts): each run measures the
 * API and the statements with the user-scoped indexes and again with the shared one (the order
 * alternating from run to run), the database switched between the halves, and ends as the
 * migrations leave it; no exact count is measured then.
 * Then budget progress (the spec route and our client's days route) on each user's busiest month,
 * through the API, on the same data set.
 * `npm run bench:search -- [--users 50] [--per-user 20000] [--rounds 200] [--warmup 20] [--runs 3] [--parallel 2] [--database-url URL] [--fill-only | --no-fill] [--compare shared-trigram]`
 * (`--no-fill`: measure the users filled so far; run `VACUUM (ANALYZE)` first, as a fill's end does).
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    'per-user': { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    runs: { type: 'string' },
    parallel: { type: 'string' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
    'fill-only': { type: 'boolean' },
    'no-fill': { type: 'boolean' },
    compare: { type: 'string' },
  },
});
if (values.compare !== undefined && values.compare !== 'shared-trigram') throw new Error(`--compare takes shared-trigram, got ${values.compare}`);
const compareShared = values.compare === 'shared-trigram';
const args = {
  users: positive('users', values.users, 50),
  perUser: positive('per-user', values['per-user'], 20_000),
  rounds: positive('rounds', values.rounds, 200),
  warmup: positive('warmup', values.warmup, 20),
  runs: Math.max(1, positive('runs', values.runs, 3)),
  parallel: Math.max(1, positive('parallel', values.parallel, 2)),
  seed: positive('seed', values.seed, 1),
  databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
};
const log = (line: string) => console.log(`  ${line}`);

interface Case {
  kind: string;
  label: string;
  query: string;
  search: Parameters<typeof searchStatement>[0];
}
const base = { name: null, amount: null, offset: 0, limit: 30 };
const CASES: Case[] = [
  { kind: '1 char', label: 'common (e)', query: 'name=e', search: { ...base, name: 'e' } },
  { kind: '1 char', label: 'rare (q)', query: 'name=q', search: { ...base, name: 'q' } },
  { kind: '2 chars', label: 'common (er)', query: 'name=er', search: { ...base, name: 'er' } },
  { kind: '2 chars', label: 'none (zq)', query: 'name=zq', search: { ...base, name: 'zq' } },
  { kind: 'word', label: 'kroger', query: 'name=kroger', search: { ...base, name: 'kroger' } },
  { kind: 'word', label: 'payroll (2 a month)', query: 'name=payroll', search: { ...base, name: 'payroll' } },
  { kind: 'word', label: 'none (zephyr)', query: 'name=zephyr', search: { ...base, name: 'zephyr' } },
  { kind: 'amount', label: 'absAmount=45', query: 'absAmount=45', search: { ...base, absAmount: 4500 } },
  { kind: 'amount', label: 'absAmount=12.34', query: 'absAmount=12.34', search: { ...base, absAmount: 1234 } },
  { kind: 'category', label: 'groceries', query: 'category=groceries', search: { ...base, category: 'groceries' } },
  { kind: 'category', label: 'gas', query: 'category=gas', search: { ...base, category: 'gas' } },
];

type P3 = [number, number, number];
interface Result {
  kind: string;
  label: string;
  api: P3;
  sql: P3;
  /** Without --compare: the one statement as before: every 1–2 character name walked (before ledger-030), a category's parts filtered by user (`searchStatement(…, 'walk')`). */
  two?: P3;
  /** --compare shared-trigram: the API and the statements on ledger-013's index of every user's names. */
  sharedApi?: P3;
  sharedSql?: P3;
  rows: number;
  count: number;
  capped: boolean;
}
const p3 = (samples: number[]): P3 => [percentile(samples, 50), percentile(samples, 95), percentile(samples, 99)];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function table(results: Result[]): string {
  const f = (xs: P3 | undefined) => (xs ?? [NaN, NaN, NaN]).map((x) => x.toFixed(1)).join(' / ');
  const lines = compareShared
    ? [
        '| kind | query | user-scoped: API p50 / p95 / p99 ms | user-scoped: SQL | shared (ledger-013): API | shared: SQL | first user: rows / count |',
        '|---|---|---|---|---|---|---|',
      ]
    : [
        '| kind | query | API p50 / p95 / p99 ms | SQL, one statement: p50 / p95 / p99 ms | before (short names walked, before ledger-030; category parts filtered by user): SQL p50 / p95 / p99 ms | first user: rows / count |',
        '|---|---|---|---|---|---|',
      ];
  for (const r of results) {
    const middle = compareShared ? `${f(r.api)} | ${f(r.sql)} | ${f(r.sharedApi)} | ${f(r.sharedSql)}` : `${f(r.api)} | ${f(r.sql)} | ${f(r.two)}`;
    lines.push(`| ${r.kind} | ${r.label} | ${middle} | ${r.rows} / ${r.count.toLocaleString('en')}${r.capped ? '+' : ''} |`);
  }
  return lines.join('\n');
}

const data = await prepareSearchDataSet({ databaseUrl: args.databaseUrl, users: args.users, perUser: args.perUser, seed: args.seed, parallel: args.parallel, fill: values['no-fill'] !== true, log });
try {
  console.log(
    `Data set: ${data.users.length} users, ${data.transactions.toLocaleString('en')} transactions (${data.tableRows.toLocaleString('en')} rows in ledger_transactions), filled through the API in ${data.fillSeconds.toFixed(0)} s${data.filledNow ? '' : ' (by earlier runs)'}`,
  );
  if (values['fill-only'] !== true) {
    await data.api.stopProjector();
    let bust = 0;
    const apiCall = async (user: SearchUser, c: Case) => {
      const response = await data.api.app.inject({ method: 'GET', url: `/api/v1/transactions/search?${c.query}&_=${bust++}`, headers: { authorization: `Bearer ${user.access}` } });
      if (response.statusCode !== 200) throw new Error(`${c.query} answered ${response.statusCode}: ${response.body}`);
      return response.json<{ data: { transactions: unknown[]; transactionsCount: number; transactionsCountCapped: boolean } }>().data;
    };
    const sqlCall = (user: SearchUser, c: Case) => data.pool.query(searchStatement(c.search, user.userId));
    // Before ledger-030: the same one statement with every short name walked, unprobed.
    const twoCall = (user: SearchUser, c: Case) => data.pool.query(searchStatement(c.search, user.userId, SEARCH_COUNT_BOUND, 'walk'));
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    /** --compare shared-trigram: switches the indexes and shows what the planner does with a common word there. */
    const switchTo = async (which: TrigramIndexes, run: number) => {
      const seconds = await useTrigramIndexes(data.pool, which);
      log(`run ${run}: ${which} trigram indexes in place (${seconds.toFixed(1)} s)`);
      if (run === 1) {
        const word = searchStatement(CASES.find((c) => c.label === 'kroger')!.search, data.users[0]!.userId);
        log(`  kroger: ${(await indexLines(data.pool, word)).join(' · ')}`);
      }
    };
    /** `--rounds` rounds after `--warmup`, each by the next user: the API, then the statement (and as before ledger-030, without --compare). */
    const measure = async (run: number) => {
      const samples = CASES.map(() => ({ api: [] as number[], sql: [] as number[], two: [] as number[] }));
      for (let round = -args.warmup; round < args.rounds; round++) {
        const user = data.users[(round + args.warmup + run) % data.users.length]!;
        for (const [i, c] of CASES.entries()) {
          const api = await timed(() => apiCall(user, c));
          const sql = await timed(() => sqlCall(user, c));
          const two = compareShared ? NaN : await timed(() => twoCall(user, c));
          if (round >= 0) {
            samples[i]!.api.push(api);
            samples[i]!.sql.push(sql);
            samples[i]!.two.push(two);
          }
        }
      }
      return samples;
    };
    const { rows: version } = await data.pool.query<{ server_version: string }>('SHOW server_version');
    const runs: Result[][] = [];
    try {
      if (compareShared) await switchTo('user-scoped', 0);
      for (let run = 1; run <= args.runs; run++) {
        // Alternating, so each run starts in the state the one before ended in: one switch per run.
        const order: TrigramIndexes[] = run % 2 === 1 ? ['user-scoped', 'shared'] : ['shared', 'user-scoped'];
        const halves = new Map<TrigramIndexes, Awaited<ReturnType<typeof measure>>>();
        for (const which of compareShared ? order : ['user-scoped' as const]) {
          if (compareShared) await switchTo(which, run);
          halves.set(which, await measure(run));
        }
        const scoped = halves.get('user-scoped')!;
        const shared = halves.get('shared');
        const results: Result[] = [];
        for (const [i, c] of CASES.entries()) {
          const first = await apiCall(data.users[0]!, c);
          results.push({
            kind: c.kind,
            label: c.label,
            api: p3(scoped[i]!.api),
            sql: p3(scoped[i]!.sql),
            ...(shared ? { sharedApi: p3(shared[i]!.api), sharedSql: p3(shared[i]!.sql) } : { two: p3(scoped[i]!.two) }),
            rows: first.transactions.length,
            count: first.transactionsCount,
            capped: first.transactionsCountCapped,
          });
        }
        runs.push(results);
        console.log(
          `\nSearch, run ${run} of ${args.runs}: ${args.rounds} requests per case (each by the next of ${data.users.length} users) after ${args.warmup} warm-up rounds${compareShared ? `, ${order.join(' then ')}` : ''}; PostgreSQL ${version[0]?.server_version ?? '?'}; projection ${data.api.projection}; load average ${loadavg()[0]!.toFixed(1)} at the end`,
        );
        console.log(table(results));
      }
    } finally {
      if (compareShared) await useTrigramIndexes(data.pool, 'user-scoped');
    }
    // Budget progress on the same data set (docs/architecture.md §4.7): each user's busiest month,
    // the spec route and our client's days route through the whole API, interleaved, each by the
    // next user; a distinct `_` per call so no answer comes from the answer cache.
    const months = await Promise.all(
      data.users.map(async (user) => {
        const { rows } = await data.pool.query<{ m: string; n: string }>(
          `SELECT to_char(date_trunc('month', date), 'FMMM-YYYY') AS m, count(*) AS n FROM ledger_transactions
            WHERE user_id = $1 AND NOT deleted GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
          [user.userId],
        );
        return { user, month: rows[0]?.m ?? '1-2025', rows: Number(rows[0]?.n ?? 0) };
      }),
    );
    const progressRoutes = ['/reports/budget-progress', '/reports/budget-progress/days'] as const;
    const progressRuns: { route: string; api: P3; bytes: number }[][] = [];
    for (let run = 1; run <= args.runs; run++) {
      const samples = progressRoutes.map(() => [] as number[]);
      const bytes = progressRoutes.map(() => 0);
      for (let round = -args.warmup; round < args.rounds; round++) {
        const { user, month } = months[(round + args.warmup + run) % months.length]!;
        for (const [i, route] of progressRoutes.entries()) {
          const started = performance.now();
          const response = await data.api.app.inject({ method: 'GET', url: `/api/v1${route}?m=${month}&_=${bust++}`, headers: { authorization: `Bearer ${user.access}` } });
          const ms = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${route} answered ${response.statusCode}: ${response.body}`);
          if (round >= 0) samples[i]!.push(ms);
          if (round === 0) bytes[i] = response.rawPayload.length;
        }
      }
      progressRuns.push(progressRoutes.map((route, i) => ({ route, api: p3(samples[i]!), bytes: bytes[i]! })));
    }
    const busiest = months.map((m) => m.rows).sort((a, b) => a - b);
    console.log(
      `\nBudget progress, each user's busiest month (${busiest[0]}–${busiest[busiest.length - 1]} transactions), ${args.rounds} requests per route per run, medians of ${progressRuns.length} run(s); load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log('| route | API p50 / p95 / p99 ms | first answer |\n|---|---|---|');
    for (const [i, route] of progressRoutes.entries()) {
      const api = [0, 1, 2].map((k) => median(progressRuns.map((run) => run[i]!.api[k]!)));
      console.log(`| GET ${route} | ${api.map((x) => x.toFixed(1)).join(' / ')} | ${(progressRuns[0]![i]!.bytes / 1024).toFixed(1)} KB |`);
    }
    if (runs.length > 1) {
      const med = (pick: (r: Result) => P3 | undefined, i: number): P3 | undefined =>
        pick(runs[0]![i]!) === undefined ? undefined : ([0, 1, 2].map((k) => median(runs.map((run) => pick(run[i]!)![k]!))) as P3);
      const medians = runs[0]!.map((r, i) => ({
        ...r,
        api: med((x) => x.api, i)!,
        sql: med((x) => x.sql, i)!,
        two: med((x) => x.two, i),
        sharedApi: med((x) => x.sharedApi, i),
        sharedSql: med((x) => x.sharedSql, i),
      }));
      console.log(`\nMedians of the ${runs.length} runs:`);
      console.log(table(medians));
    }
  }
} finally {
  await data.close();
}
